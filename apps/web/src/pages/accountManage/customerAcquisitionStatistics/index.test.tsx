import type { AcquisitionShareView, AcquisitionStats } from '@app/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { App } from 'antd'
import dayjs from 'dayjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/acquisition'
import { i18n } from '../../../i18n'
import CustomerAcquisitionStatisticsPage from './index'

vi.mock('../../../api/acquisition', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/acquisition')>()),
  acquisitionStats: vi.fn(),
  allAccounts: vi.fn(),
  createAcquisitionShare: vi.fn(),
  listAcquisitionShares: vi.fn(),
  revokeAcquisitionShare: vi.fn(),
}))
vi.mock('./components/AcquisitionChart', () => ({
  default: () => <div data-testid="acquisition-chart" />,
}))

// antd's responsive tags, tables and ellipsis watch their size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const DAY = 86_400_000
const start = new Date(2026, 0, 5).getTime()

const stats: AcquisitionStats = {
  days: [start, start + DAY, start + 2 * DAY],
  rows: [
    { accountId: 1, phone: '8613800000001', counts: [1, 2, 3], total: 6 },
    { accountId: 2, phone: null, counts: [0, 4, 1], total: 5 },
  ],
  links: [
    { linkId: 11, name: 'Spring ads', visits: 40, newFans: 7 },
    { linkId: 12, name: '', visits: 3, newFans: 1 },
  ],
  agents: [
    { agentUserId: 21, name: 'Amy', newFans: 5 },
    { agentUserId: 22, name: null, newFans: 2 },
    { agentUserId: null, name: null, newFans: 1 },
  ],
}

/** The cells of the table row that holds `text`. */
function rowCells(table: HTMLElement, text: string) {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(text))
  if (!row) throw new Error(`no row with ${text}`)
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)
}

const share = (overrides: Partial<AcquisitionShareView> = {}): AcquisitionShareView => ({
  id: 7,
  code: 'abcdefghijkl',
  accountIds: null,
  expiresAt: null,
  revokedAt: null,
  createdAt: start,
  ...overrides,
})

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <App>
        <CustomerAcquisitionStatisticsPage />
      </App>
    </QueryClientProvider>,
  )
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.acquisitionStats).mockResolvedValue(stats)
  vi.mocked(api.allAccounts).mockResolvedValue([
    { id: 1, phone: '8613800000001' },
    { id: 2, phone: null },
  ])
  vi.mocked(api.listAcquisitionShares).mockResolvedValue([])
})

afterEach(async () => {
  await i18n.changeLanguage('zh')
})

describe('customer acquisition statistics', () => {
  it('asks for the last 7 days at the viewer midnight, for all accounts', async () => {
    renderPage()
    await waitFor(() => expect(api.acquisitionStats).toHaveBeenCalled())
    const q = vi.mocked(api.acquisitionStats).mock.calls[0]?.[0]
    const midnight = new Date()
    midnight.setHours(0, 0, 0, 0)
    const tomorrow = new Date(midnight)
    tomorrow.setDate(tomorrow.getDate() + 1)
    const weekAgo = new Date(midnight)
    weekAgo.setDate(weekAgo.getDate() - 6)
    expect(q).toEqual({
      from: weekAgo.getTime(),
      to: tomorrow.getTime(),
      utcOffsetMinutes: -weekAgo.getTimezoneOffset(),
    })
  })

  it('shows one column per day, each row total, and a total row', async () => {
    renderPage()
    const table = await screen.findByTestId('acquisition-table')
    expect(await within(table).findByText('8613800000001')).toBeInTheDocument()
    expect(within(table).getByText('No number yet (#2)')).toBeInTheDocument()
    for (const label of ['01-05', '01-06', '01-07'])
      expect(within(table).getAllByRole('columnheader', { name: label }).length).toBeGreaterThan(0)
    expect(screen.getByTestId('acquisition-day-total-0')).toHaveTextContent('1')
    expect(screen.getByTestId('acquisition-day-total-1')).toHaveTextContent('6')
    expect(screen.getByTestId('acquisition-day-total-2')).toHaveTextContent('4')
    expect(screen.getByTestId('acquisition-grand-total')).toHaveTextContent('11')
    const rows = within(table).getAllByRole('row')
    const first = rows.find((r) => within(r).queryByText('8613800000001'))
    expect(first).toBeDefined()
    expect(within(first as HTMLElement).getByText('6')).toBeInTheDocument()
    expect(await screen.findByTestId('acquisition-chart')).toBeInTheDocument()
  })

  it('shows visits and new fans per link and new fans per agent', async () => {
    renderPage()
    const links = await screen.findByTestId('acquisition-links')
    expect(await within(links).findByText('Spring ads')).toBeInTheDocument()
    expect(rowCells(links, 'Spring ads')).toEqual(['Spring ads', '40', '7'])
    expect(rowCells(links, 'Removed link (#12)')).toEqual(['Removed link (#12)', '3', '1'])
    expect(screen.getByTestId('acquisition-links-visits')).toHaveTextContent('43')
    expect(screen.getByTestId('acquisition-links-fans')).toHaveTextContent('8')
    const agents = screen.getByTestId('acquisition-agents')
    expect(rowCells(agents, 'Amy')).toEqual(['Amy', '5'])
    expect(rowCells(agents, 'Removed agent (#22)')).toEqual(['Removed agent (#22)', '2'])
    expect(rowCells(agents, 'No agent assigned')).toEqual(['No agent assigned', '1'])
  })

  it('says so when no link brought visits or fans', async () => {
    vi.mocked(api.acquisitionStats).mockResolvedValue({ ...stats, links: [], agents: [] })
    await i18n.changeLanguage('zh')
    renderPage()
    expect(
      await within(await screen.findByTestId('acquisition-links')).findByText(
        '该范围内没有引流链接的访问或进粉',
      ),
    ).toBeInTheDocument()
    expect(
      within(screen.getByTestId('acquisition-agents')).getByText('该范围内没有通过引流链接进粉'),
    ).toBeInTheDocument()
  })

  it('creates a share link, shows it and copies it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    vi.mocked(api.createAcquisitionShare).mockResolvedValue(share({ code: 'code-123456' }))
    renderPage()
    fireEvent.click(screen.getByTestId('acquisition-share'))
    fireEvent.click(await screen.findByTestId('acquisition-share-submit'))

    const link = await screen.findByTestId('acquisition-share-link')
    expect(link).toHaveValue(`${window.location.origin}/s2?c=code-123456`)
    expect(api.createAcquisitionShare).toHaveBeenCalledWith({ expiresAt: null })
    await waitFor(() => expect(api.listAcquisitionShares).toHaveBeenCalledTimes(2))

    fireEvent.click(screen.getByTestId('acquisition-share-copy'))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s2?c=code-123456`))
    expect(await screen.findByText('Copied')).toBeInTheDocument()
  })

  it('filters by the chosen accounts and offers them for the share', async () => {
    vi.mocked(api.createAcquisitionShare).mockResolvedValue(share({ accountIds: [1] }))
    renderPage()
    await screen.findByTestId('acquisition-table')
    const select = screen.getByTestId('acquisition-accounts')
    fireEvent.mouseDown(within(select).getByRole('combobox'))
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="+8613800000001"]')
      if (!found) throw new Error('option not shown')
      return found
    })
    fireEvent.click(option)
    await waitFor(() =>
      expect(api.acquisitionStats).toHaveBeenLastCalledWith(expect.objectContaining({ accountIds: [1] })),
    )

    fireEvent.click(screen.getByTestId('acquisition-share'))
    fireEvent.click(await screen.findByTestId('acquisition-share-submit'))
    await waitFor(() =>
      expect(api.createAcquisitionShare).toHaveBeenCalledWith({ accountIds: [1], expiresAt: null }),
    )
  })

  it('says so when copying fails', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    vi.mocked(api.listAcquisitionShares).mockResolvedValue([share()])
    renderPage()
    fireEvent.click(await screen.findByTestId('acquisition-share-copy-7'))
    expect(await screen.findByText('Copy failed, please copy it by hand')).toBeInTheDocument()
  })

  it('refuses an expiry in the past and creates nothing', async () => {
    renderPage()
    fireEvent.click(screen.getByTestId('acquisition-share'))
    const picker = await screen.findByTestId('acquisition-share-expires')
    const input = picker instanceof HTMLInputElement ? picker : picker.querySelector('input')
    if (!input) throw new Error('no expiry input')
    fireEvent.mouseDown(input)
    // earlier days cannot be picked at all; earlier today can, and must still be refused
    const earlierToday = `${dayjs().format('YYYY-MM-DD')} 00:00:00`
    fireEvent.change(input, { target: { value: earlierToday } })
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' })
    fireEvent.click(screen.getByTestId('acquisition-share-submit'))
    expect(await screen.findByText('The expiry must be later than now')).toBeInTheDocument()
    expect(api.createAcquisitionShare).not.toHaveBeenCalled()
  })

  it('lists shares and revokes one after confirmation', async () => {
    vi.mocked(api.listAcquisitionShares).mockResolvedValue([
      share(),
      share({ id: 8, accountIds: [1, 99], revokedAt: start + DAY }),
    ])
    vi.mocked(api.revokeAcquisitionShare).mockResolvedValue(null)
    renderPage()
    const list = await screen.findByTestId('acquisition-share-list')
    expect(await within(list).findByText('All accounts')).toBeInTheDocument()
    expect(within(list).getByText('+8613800000001, Removed account (#99)')).toBeInTheDocument()
    expect(within(list).getByText('Active')).toBeInTheDocument()
    expect(within(list).getByText('Revoked')).toBeInTheDocument()
    expect(screen.queryByTestId('acquisition-share-revoke-8')).toBeNull()

    fireEvent.click(screen.getByTestId('acquisition-share-revoke-7'))
    expect(api.revokeAcquisitionShare).not.toHaveBeenCalled()
    const dialog = await screen.findByRole('tooltip')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(api.revokeAcquisitionShare).toHaveBeenCalledWith(7))
  })
})
