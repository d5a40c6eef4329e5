import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/account'
import * as merchantsApi from '../../../api/merchants'
import { i18n } from '../../../i18n'
import { makeAccount } from '../../../test/fixtures'
import { emitSocket, renderWithProviders } from '../../../test/testUtils'
import AccountListPage from './index'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.mock('../../../api/account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/account')>()),
  pageAccounts: vi.fn(),
  portUsage: vi.fn(),
  listAccountGroups: vi.fn(),
  reconnectAccounts: vi.fn(),
  setAccountGroup: vi.fn(),
}))
vi.mock('../../../api/merchants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/merchants')>()),
  accountProfiles: vi.fn(),
  fetchProfilePicture: vi.fn(),
}))

const online = makeAccount({ id: 1, phone: '8613800000001', groupName: 'Sales', customerCount: 12 })
const offline = makeAccount({ id: 2, phone: '8613800000002', status: 'offline', linked: true })
const imported = makeAccount({ id: 3, phone: '8613800000003', status: 'offline', linked: false })

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageAccounts).mockResolvedValue({ list: [online, offline, imported], total: 3 })
  vi.mocked(api.portUsage).mockResolvedValue({ total: 5, used: 3, free: 2 })
  vi.mocked(merchantsApi.accountProfiles).mockResolvedValue([])
  vi.mocked(api.listAccountGroups).mockResolvedValue([
    { id: 4, name: 'Sales', accountCount: 1, createdAt: 0 },
    { id: 5, name: 'Support', accountCount: 0, createdAt: 0 },
  ])
})
afterEach(() => i18n.changeLanguage('zh'))

describe('account list', () => {
  it('lists the accounts and updates a status pushed over the socket without reloading', async () => {
    renderWithProviders(<AccountListPage />)
    const row = await screen.findByTestId('account-row-8613800000001')
    expect(row).toHaveTextContent('Sales')
    expect(row).toHaveTextContent('12')
    expect(screen.getByTestId('account-status-1')).toHaveTextContent('Online')
    expect(screen.getByTestId('port-usage')).toHaveTextContent('Ports: 3 used of 5, 2 free')

    act(() =>
      emitSocket('account.status', {
        accountId: 1,
        phone: '8613800000001',
        status: 'abnormal',
        abnormalReason: 'network_fault',
        bannedAt: null,
        restrictedUntil: null,
      }),
    )
    await waitFor(() =>
      expect(screen.getByTestId('account-status-1')).toHaveTextContent('Abnormal: Network fault'),
    )
    expect(api.pageAccounts).toHaveBeenCalledTimes(1)
  })

  it('offers reconnect to linked accounts and a fresh link to unlinked ones', async () => {
    renderWithProviders(<AccountListPage />)
    await screen.findByTestId('account-row-8613800000002')
    expect(screen.getByTestId('account-reconnect-2')).toBeInTheDocument()
    expect(screen.queryByTestId('account-relink-2')).not.toBeInTheDocument()
    expect(screen.getByTestId('account-relink-3')).toBeInTheDocument()
    expect(screen.queryByTestId('account-reconnect-3')).not.toBeInTheDocument()
    expect(screen.queryByTestId('account-reconnect-1')).not.toBeInTheDocument()
    expect(screen.getByTestId('account-logout-1')).toBeInTheDocument()
    expect(screen.queryByTestId('account-logout-3')).not.toBeInTheDocument()
  })

  it('says plainly when no port is free and does not offer to link a new number', async () => {
    vi.mocked(api.portUsage).mockResolvedValue({ total: 2, used: 2, free: 0 })
    renderWithProviders(<AccountListPage />)
    expect(await screen.findByTestId('port-none')).toHaveTextContent(
      'No free port: a new account cannot be linked. Buy or renew a port.',
    )
    expect(screen.getByTestId('account-add-qr')).toBeDisabled()
    expect(screen.getByTestId('account-add-code')).toBeDisabled()
  })

  it('lists the accounts a batch reconnect could not resume, with the reason', async () => {
    vi.mocked(api.reconnectAccounts).mockResolvedValue([
      { id: 2, code: 0 },
      { id: 3, code: 2007 },
    ])
    renderWithProviders(<AccountListPage />)
    await screen.findByTestId('account-row-8613800000003')
    for (const phone of ['8613800000002', '8613800000003'])
      fireEvent.click(within(screen.getByTestId(`account-row-${phone}`)).getByRole('checkbox'))
    expect(screen.getByTestId('account-selected')).toHaveTextContent('Selected: 2')
    fireEvent.click(screen.getByTestId('account-batch-reconnect'))
    await waitFor(() => expect(api.reconnectAccounts).toHaveBeenCalledWith([2, 3]))
    expect(await screen.findByTestId('account-reconnect-failed')).toHaveTextContent(
      '+8613800000003: This account is not linked: scan the QR code or use a pairing code',
    )
  })

  it('moves the selected accounts to a group', async () => {
    vi.mocked(api.setAccountGroup).mockResolvedValue(null)
    renderWithProviders(<AccountListPage />)
    await screen.findByTestId('account-row-8613800000001')
    fireEvent.click(within(screen.getByTestId('account-row-8613800000001')).getByRole('checkbox'))
    fireEvent.click(screen.getByTestId('account-batch-group'))
    const select = within(await screen.findByTestId('account-group-select')).getByRole('combobox')
    fireEvent.mouseDown(select)
    fireEvent.click(await screen.findByTitle('Support'))
    fireEvent.click(screen.getByTestId('account-group-save'))
    await waitFor(() => expect(api.setAccountGroup).toHaveBeenCalledWith([1], 5))
  })

  it('shows where an account sends from and who serves it by default, the rest in the column chooser', async () => {
    vi.mocked(api.pageAccounts).mockResolvedValue({
      list: [
        makeAccount({
          id: 9,
          phone: '447700900009',
          ipArea: 'GB',
          proxy: 'socks5://10.0.0.1:1080',
          customerCount: 31,
          agentName: 'Mia',
        }),
      ],
      total: 1,
    })
    renderWithProviders(<AccountListPage />)
    const row = await screen.findByTestId('account-row-447700900009')
    const headers = within(screen.getByTestId('account-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    for (const h of ['Phone', 'Status', 'IP area', 'Proxy', 'Customers', 'Agent', 'Actions'])
      expect(headers).toContain(h)
    expect(headers).not.toContain('Created')
    // at 1440 px the table has 1440 less the sidebar (210) and the insets (80): no scrolling there
    const table = screen.getByTestId('account-table').querySelector('table') as HTMLTableElement
    expect(Number.parseInt(table.style.width, 10)).toBeLessThanOrEqual(1440 - 210 - 80)
    expect(row).toHaveTextContent('+447700900009')
    expect(row).toHaveTextContent('United Kingdom')
    expect(row).toHaveTextContent('socks5://10.0.0.1:1080')
    expect(row).toHaveTextContent('31')
    expect(row).toHaveTextContent('Mia')
    // the pager always says how many there are
    expect(screen.getByText('1 in total')).toBeInTheDocument()
    // the filters are labelled, selects included
    expect(screen.getByLabelText('Status')).toHaveAttribute('role', 'combobox')
    expect(screen.getByLabelText('Group')).toHaveAttribute('role', 'combobox')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('WS accounts')
  })

  it('says how to link the first account when there is none, and loosens a filter that finds none', async () => {
    vi.mocked(api.pageAccounts).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<AccountListPage />)
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No WS accounts yet')
    expect(screen.getByTestId('account-empty-add')).toBeEnabled()

    fireEvent.change(screen.getByTestId('account-search-phone'), { target: { value: '999' } })
    fireEvent.click(screen.getByTestId('account-search-submit'))
    await waitFor(() =>
      expect(api.pageAccounts).toHaveBeenLastCalledWith(expect.objectContaining({ phone: '999' })),
    )
    fireEvent.click(await screen.findByTestId('empty-clear-filters'))
    await waitFor(() => expect(api.pageAccounts).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10 }))
    expect(screen.getByTestId('account-search-phone')).toHaveValue('')
  })
})
