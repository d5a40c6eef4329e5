import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import CustomerManage from './CustomerManage'

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

function server() {
  return fakeServer({
    '/damai/admin/tenant/query': () => ok({ list: [], total: 0 }),
    '/damai/admin/user/sellerOptions': () => ok([]),
  })
}
const queries = (adapter: ReturnType<typeof server>) =>
  adapter.mock.calls
    .map(([c]) => c)
    .filter((c) => c.url === '/damai/admin/tenant/query')
    .map((c) => JSON.parse(c.data))

describe('client companies', { timeout: 30_000 }, () => {
  it('titles the page and, with no company yet, points to where supervisors are added', async () => {
    server()
    renderWithProviders(<CustomerManage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Client companies' })).toBeInTheDocument()
    const empty = await screen.findByTestId('empty-state')
    expect(empty).toHaveTextContent('No client companies yet')
    expect(within(empty).getByText('My supervisors').closest('button')).toBeInTheDocument()
  })

  it('labels every filter and sends them on Search; reset clears them', async () => {
    const adapter = server()
    renderWithProviders(<CustomerManage />)
    await screen.findByTestId('empty-state')
    for (const label of ['Keyword', 'VIP validity', 'Seller', 'Risk control', 'Trial'])
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: ' acme ' } })
    fireEvent.click(screen.getByLabelText('Something ends soon'))
    // nothing is sent before Search
    expect(queries(adapter)).toHaveLength(1)
    fireEvent.click(screen.getByTestId('tenant-filter-submit'))
    await waitFor(() =>
      expect(queries(adapter).at(-1)).toEqual({
        pageNo: 1,
        pageSize: 10,
        keyword: 'acme',
        expiringOnly: true,
      }),
    )
    fireEvent.click(screen.getByTestId('tenant-filter-reset'))
    await waitFor(() => expect(queries(adapter).at(-1)).toEqual({ pageNo: 1, pageSize: 10 }))
    expect(screen.getByLabelText('Something ends soon')).not.toBeChecked()
  })
})
