import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import SupervisorManage from './SupervisorManage'

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

const queries = (adapter: ReturnType<typeof fakeServer>) =>
  adapter.mock.calls
    .map(([c]) => c)
    .filter((c) => c.url === '/damai/admin/user/query')
    .map((c) => JSON.parse(c.data))

describe('my supervisors', { timeout: 30_000 }, () => {
  it('titles the page, keeps its two create buttons beside the title, and offers the first supervisor', async () => {
    fakeServer({ '/damai/admin/user/query': () => ok({ list: [], total: 0 }) })
    renderWithProviders(<SupervisorManage />)
    expect(screen.getByRole('heading', { level: 1, name: 'My supervisors' })).toBeInTheDocument()
    const actions = screen.getByTestId('page-actions')
    expect(within(actions).getByTestId('supervisor-create')).toHaveTextContent('New supervisor')
    expect(within(actions).getByTestId('supervisor-trial')).toHaveTextContent('New trial customer')
    const empty = await screen.findByTestId('empty-state')
    expect(empty).toHaveTextContent('No supervisors yet')
    fireEvent.click(within(empty).getByText('New supervisor'))
    expect(await screen.findByTestId('supervisor-save')).toBeInTheDocument()
  })

  it('searches the typed keyword, trimmed, and a search that finds nothing offers to clear it', async () => {
    const adapter = fakeServer({ '/damai/admin/user/query': () => ok({ list: [], total: 0 }) })
    renderWithProviders(<SupervisorManage />)
    await screen.findByTestId('empty-state')
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: ' acme ' } })
    fireEvent.click(screen.getByTestId('supervisor-filter-submit'))
    await waitFor(() => expect(queries(adapter).at(-1)).toMatchObject({ keyword: 'acme', pageNo: 1 }))
    fireEvent.click(await screen.findByTestId('empty-clear-filters'))
    await waitFor(() => expect(queries(adapter).at(-1)).not.toHaveProperty('keyword'))
    expect(screen.getByTestId('supervisor-search')).toHaveValue('')
  })
})
