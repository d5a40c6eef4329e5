import { type AdminUserView, Role } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import BusinessManage from './BusinessManage'

const row = (over: Partial<AdminUserView> = {}): AdminUserView => ({
  id: 7,
  username: 'ben',
  nickname: 'Ben',
  roleId: Role.business,
  status: 0,
  parentId: 2,
  parentName: 'olivia',
  salespersonCount: 0,
  tenantCount: 3,
  tenant: null,
  createdAt: Date.UTC(2026, 0, 1),
  can: { edit: true, delete: true, resetPassword: true, changeStatus: true },
  ...over,
})
const toastError = vi.fn()

function server() {
  return fakeServer({
    '/damai/admin/user/query': () => ok({ list: [row()], total: 1 }),
    '/damai/admin/user/create': () => ok({ id: 8, tenantId: null }),
  })
}
const calls = (adapter: ReturnType<typeof server>, url: string) =>
  adapter.mock.calls.map(([c]) => c).filter((c) => c.url === url)

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  fakeFeedback({ error: toastError })
})
afterEach(() => i18n.changeLanguage('zh'))

describe('my salespeople', { timeout: 30_000 }, () => {
  it('lists them with their operations user and customers', async () => {
    server()
    renderWithProviders(<BusinessManage />)
    expect(screen.getByRole('heading', { level: 1, name: 'My salespeople' })).toBeInTheDocument()
    expect(await screen.findByText('ben')).toBeInTheDocument()
    expect(screen.getByTestId('staff-table')).toHaveTextContent('olivia')
  })

  it('refuses a weak password and sends nothing; creates with the typed fields', async () => {
    const adapter = server()
    renderWithProviders(<BusinessManage />)
    await screen.findByText('ben')
    fireEvent.click(screen.getByTestId('staff-create'))
    fireEvent.change(screen.getByTestId('staff-username'), { target: { value: 'nina' } })
    fireEvent.change(screen.getByTestId('staff-password'), { target: { value: 'short' } })
    fireEvent.click(screen.getByTestId('staff-save'))
    expect(
      await screen.findByText(/password/i, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument()
    expect(calls(adapter, '/damai/admin/user/create')).toHaveLength(0)

    fireEvent.change(screen.getByTestId('staff-password'), { target: { value: 'Nina2468x' } })
    fireEvent.click(screen.getByTestId('staff-save'))
    await waitFor(() => expect(calls(adapter, '/damai/admin/user/create')).toHaveLength(1))
    expect(JSON.parse(calls(adapter, '/damai/admin/user/create')[0]?.data)).toEqual({
      roleId: Role.business,
      username: 'nina',
      nickname: '',
      password: 'Nina2468x',
    })
  })

  it('searches by keyword and status from the filter bar, and a search that finds nothing offers to clear it', async () => {
    const adapter = fakeServer({
      '/damai/admin/user/query': (c) =>
        ok(JSON.parse(c.data).keyword ? { list: [], total: 0 } : { list: [row()], total: 1 }),
    })
    renderWithProviders(<BusinessManage />)
    await screen.findByText('ben')
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: ' zed ' } })
    fireEvent.click(screen.getByTestId('staff-filter-submit'))
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument()
    const queries = calls(adapter, '/damai/admin/user/query')
    expect(JSON.parse(queries.at(-1)?.data)).toEqual({
      roleId: Role.business,
      pageNo: 1,
      pageSize: 10,
      keyword: 'zed',
    })
    fireEvent.click(screen.getByTestId('empty-clear-filters'))
    expect(await screen.findByText('ben')).toBeInTheDocument()
    expect(screen.getByLabelText('Keyword')).toHaveValue('')
  })

  it('without any salesperson, says so and offers to add the first one', async () => {
    fakeServer({ '/damai/admin/user/query': () => ok({ list: [], total: 0 }) })
    renderWithProviders(<BusinessManage />)
    const empty = await screen.findByTestId('empty-state')
    expect(empty).toHaveTextContent('No business users yet')
    fireEvent.click(within(empty).getByText('New business user'))
    expect(await screen.findByTestId('staff-username')).toBeInTheDocument()
  })
})
