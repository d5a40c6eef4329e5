import type { CounterTally, CounterView } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/diversion'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import CounterPage from './index'

vi.mock('../../api/diversion', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/diversion')>()),
  pageCounters: vi.fn(),
  counterTally: vi.fn(),
}))
vi.mock('../../api/acquisition', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/acquisition')>()),
  allAccounts: vi.fn().mockResolvedValue([]),
}))

const counter = (id: number, name: string): CounterView => ({
  id,
  name,
  accountIds: [3],
  startAt: Date.UTC(2026, 0, 1),
  endAt: Date.UTC(2026, 0, 2),
  shareCode: null,
  shareExpiresAt: null,
  createdAt: Date.UTC(2026, 0, 1),
})
const tally = (name: string, total: number): CounterTally => ({
  name,
  startAt: Date.UTC(2026, 0, 1),
  endAt: Date.UTC(2026, 0, 2),
  total,
  rows: [{ accountId: 3, phone: '8613800000001', count: total }],
  at: Date.UTC(2026, 0, 1, 12),
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageCounters).mockResolvedValue({
    list: [counter(1, 'Supplier A'), counter(2, 'Supplier B')],
    total: 2,
  })
  vi.mocked(api.counterTally).mockImplementation(async (id) =>
    id === 1 ? tally('Supplier A', 5) : tally('Supplier B', 8),
  )
})
afterEach(async () => {
  await i18n.changeLanguage('zh')
})

describe('counters page', { timeout: 30_000 }, () => {
  it('is titled Counter as the one h1, lists the counters with their total and tallies the first', async () => {
    renderWithProviders(<CounterPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Counter' })).toBeInTheDocument()
    expect(within(screen.getByTestId('page-actions')).getByTestId('counter-create')).toBeInTheDocument()
    expect(await screen.findByText('2 in total')).toBeInTheDocument()
    await waitFor(() => expect(api.counterTally).toHaveBeenCalledWith(1))
    expect(await within(screen.getByTestId('counter-rows')).findByText('8613800000001')).toBeInTheDocument()
  })

  it('tallies the counter of a clicked row', async () => {
    renderWithProviders(<CounterPage />)
    fireEvent.click(await within(screen.getByTestId('counter-table')).findByText('Supplier B'))
    await waitFor(() => expect(api.counterTally).toHaveBeenCalledWith(2))
    await waitFor(() =>
      expect(screen.getByTestId('counter-total').querySelector('.ant-statistic-content')).toHaveTextContent(
        '8',
      ),
    )
  })

  it('says how to start when there is no counter yet', async () => {
    vi.mocked(api.pageCounters).mockResolvedValue({ list: [], total: 0 })
    renderWithProviders(<CounterPage />)
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No counters yet')
    expect(screen.getByTestId('counter-empty-create')).toBeInTheDocument()
    expect(screen.queryByTestId('counter-tally')).toBeNull()
  })
})
