import type { MerchantCodeView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/merchants'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import ApiInterfacePage from './index'

vi.mock('../../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/merchants')>()),
  pageMerchantCodes: vi.fn(),
  createMerchantCode: vi.fn(),
  updateMerchantCode: vi.fn(),
  revokeMerchantCode: vi.fn(),
  merchantAccounts: vi.fn(),
}))

const code = (over: Partial<MerchantCodeView>): MerchantCodeView => ({
  id: 1,
  code: 'abc123',
  name: 'Supplier A',
  quota: 5,
  linked: 2,
  expiresAt: null,
  revokedAt: null,
  state: 'active',
  createdAt: Date.UTC(2026, 0, 1),
  ...over,
})
const live = code({})
const gone = code({ id: 2, code: 'def456', name: 'Supplier B', linked: 0, state: 'revoked', revokedAt: 1 })

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageMerchantCodes).mockResolvedValue({ list: [live, gone], total: 2 })
  vi.mocked(api.createMerchantCode).mockResolvedValue(code({ id: 3, name: 'Supplier C' }))
  vi.mocked(api.revokeMerchantCode).mockResolvedValue(null)
  vi.mocked(api.merchantAccounts).mockResolvedValue([
    { accountId: 9, phone: '447700900123', status: 'online', deleted: false, linkedAt: Date.UTC(2026, 0, 3) },
  ])
})
afterEach(() => i18n.changeLanguage('zh'))

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement

describe('the number-merchant codes (/apiInterface/index)', { timeout: 20_000 }, () => {
  it('lists the codes with their state and use of the quota; only a live one can be revoked', async () => {
    renderWithProviders(<ApiInterfacePage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Interface codes' })).toBeInTheDocument()
    expect(within(screen.getByTestId('page-actions')).getByTestId('merchant-code-create')).toBeInTheDocument()
    const a = await rowOf('Supplier A')
    expect(within(a).getByTestId('merchant-code-state')).toHaveTextContent('Active')
    expect(a).toHaveTextContent('2')
    const b = await rowOf('Supplier B')
    expect(within(b).getByTestId('merchant-code-state')).toHaveTextContent('Revoked')
    expect(within(b).queryByTestId('merchant-revoke')).toBeNull()
  })

  it('refuses a code without a name, then issues one', async () => {
    renderWithProviders(<ApiInterfacePage />)
    await rowOf('Supplier A')
    fireEvent.click(screen.getByTestId('merchant-code-create'))
    fireEvent.click(await screen.findByTestId('merchant-code-save'))
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThanOrEqual(1)
    expect(api.createMerchantCode).not.toHaveBeenCalled()

    fireEvent.change(screen.getByTestId('merchant-code-name'), { target: { value: '  Supplier C ' } })
    fireEvent.change(screen.getByTestId('merchant-code-quota'), { target: { value: '3' } })
    fireEvent.click(screen.getByTestId('merchant-code-save'))
    await waitFor(() =>
      expect(api.createMerchantCode).toHaveBeenCalledWith({ name: 'Supplier C', quota: 3, expiresAt: null }),
    )
  })

  it('revokes a code only after the confirmation', async () => {
    renderWithProviders(<ApiInterfacePage />)
    fireEvent.click(within(await rowOf('Supplier A')).getByTestId('merchant-revoke'))
    const pop = await screen.findByRole('tooltip')
    expect(pop).toHaveTextContent('numbers already linked stay')
    expect(api.revokeMerchantCode).not.toHaveBeenCalled()
    fireEvent.click(within(pop).getByRole('button', { name: /OK|Yes/ }))
    await waitFor(() => expect(api.revokeMerchantCode).toHaveBeenCalled())
    expect(vi.mocked(api.revokeMerchantCode).mock.calls[0]?.[0]).toBe(1)
  })

  it('expands a code to the numbers linked through it', async () => {
    renderWithProviders(<ApiInterfacePage />)
    const a = await rowOf('Supplier A')
    expect(api.merchantAccounts).not.toHaveBeenCalled()
    fireEvent.click(within(a).getByRole('button', { name: /expand/i }))
    const numbers = await screen.findByTestId('merchant-linked-numbers')
    await waitFor(() => expect(numbers).toHaveTextContent('+447700900123'))
    expect(api.merchantAccounts).toHaveBeenCalledWith(1)
  })

  it('searches by name and, without any code, offers to create the first one', async () => {
    vi.mocked(api.pageMerchantCodes).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<ApiInterfacePage />)
    const empty = await screen.findByTestId('empty-state')
    expect(empty).toHaveTextContent('No codes yet')
    fireEvent.change(screen.getByPlaceholderText('Search by name'), { target: { value: ' Supplier ' } })
    fireEvent.click(screen.getByTestId('merchant-code-filter-submit'))
    await waitFor(() =>
      expect(api.pageMerchantCodes).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, name: 'Supplier' }),
    )
    expect(await screen.findByTestId('empty-clear-filters')).toBeInTheDocument()
  })
})
