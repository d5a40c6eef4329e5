import { Role } from '@app/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import OperationsManage from './OperationsManage'

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('operations users (admin)', { timeout: 30_000 }, () => {
  it('keeps one heading while the tabs switch the role listed and the create button', async () => {
    const adapter = fakeServer({ '/damai/admin/user/query': () => ok({ list: [], total: 0 }) })
    const roles = () =>
      adapter.mock.calls
        .map(([c]) => c)
        .filter((c) => c.url === '/damai/admin/user/query')
        .map((c) => JSON.parse(c.data).roleId)
    renderWithProviders(<OperationsManage />)
    const heading = screen.getByRole('heading', { level: 1, name: 'Operations users' })
    expect(screen.getByTestId('staff-create')).toHaveTextContent('New operations user')
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No operations users yet')
    expect(roles()).toEqual([Role.operations])

    // role queries deep in the page are slow in jsdom: the tab is found by its text
    const business = () => screen.getByText('Business').closest('[role="tab"]')
    fireEvent.click(business() as Element)
    await waitFor(() => expect(screen.getByTestId('staff-create')).toHaveTextContent('New business user'))
    await waitFor(() => expect(roles()).toEqual([Role.operations, Role.business]))
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No business users yet')
    // the frame stays: only the list under the tabs starts afresh
    expect(screen.getByRole('heading', { level: 1, name: 'Operations users' })).toBe(heading)
    expect(business()).toHaveAttribute('aria-selected', 'true')
  })
})
