import type { StatFigures, StatisticsOverview } from '@app/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/statistics'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { statsToday } from './components/range'
import DataStatisticsPage from './index'

vi.mock('../../api/statistics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/statistics')>()),
  statisticsOverview: vi.fn(),
  exportStatistics: vi.fn(),
}))
vi.mock('./components/StatsChart', () => ({ default: () => <div data-testid="stats-chart" /> }))

const figures = (over: Partial<StatFigures> = {}): StatFigures => ({
  messagesIn: 0,
  messagesOut: 0,
  newFans: 0,
  sessionsOpened: 0,
  turns: 0,
  turnsAnswered: 0,
  turnsUnanswered: 0,
  replyRate: null,
  responses: 0,
  p50Ms: null,
  p90Ms: null,
  ...over,
})

const overview: StatisticsOverview = {
  from: '2026-01-05',
  to: '2026-01-06',
  utcOffsetMinutes: 480,
  rolledUpTo: Date.UTC(2026, 0, 6, 4),
  totals: figures({
    messagesIn: 42,
    messagesOut: 30,
    newFans: 5,
    turns: 8,
    turnsAnswered: 6,
    turnsUnanswered: 2,
    replyRate: 0.75,
    responses: 6,
    p50Ms: 90_000,
    p90Ms: 1_800,
  }),
  days: [
    { day: '2026-01-05', ...figures({ messagesIn: 40 }) },
    { day: '2026-01-06', ...figures({ messagesIn: 2 }) },
  ],
  accounts: [{ accountId: 3, phone: '8613800000003', ...figures({ messagesIn: 42 }) }],
  agents: [
    { agentId: 0, name: '', ...figures({ messagesIn: 2 }) },
    { agentId: 9, name: 'Alice', ...figures({ messagesIn: 40 }) },
  ],
  fansBySource: [{ source: 'passive_add', count: 5 }],
  fansByLink: [
    { linkId: 0, name: '', count: 3 },
    { linkId: 4, name: 'Spring ads', count: 2 },
  ],
}

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.statisticsOverview).mockResolvedValue(overview)
  vi.mocked(api.exportStatistics).mockResolvedValue(true)
})
afterEach(async () => {
  await i18n.changeLanguage('zh')
})

describe('/dataStatistics', { timeout: 30_000 }, () => {
  it('asks for the last 7 days of the statistics time zone and shows the totals', async () => {
    renderWithProviders(<DataStatisticsPage />)
    await waitFor(() => expect(api.statisticsOverview).toHaveBeenCalled())
    const today = statsToday()
    expect(vi.mocked(api.statisticsOverview).mock.calls[0]?.[0]).toEqual({
      from: today.subtract(6, 'day').format('YYYY-MM-DD'),
      to: today.format('YYYY-MM-DD'),
    })
    expect(await screen.findByTestId('stats-total-messagesIn')).toHaveTextContent('42')
    expect(screen.getByTestId('stats-total-replyRate')).toHaveTextContent('75%')
    expect(screen.getByTestId('stats-total-p50')).toHaveTextContent('1.5 min')
    expect(screen.getByTestId('stats-total-p90')).toHaveTextContent('1.8 s')
    expect(screen.getByTestId('stats-zone')).toHaveTextContent('UTC+8')
  })

  it('lists days, and agents with the unassigned line named', async () => {
    renderWithProviders(<DataStatisticsPage />)
    const days = await screen.findByTestId('stats-days')
    expect(await within(days).findByText('2026-01-05')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'By agent' }))
    const agents = await screen.findByTestId('stats-agents')
    expect(within(agents).getByText('No agent')).toBeInTheDocument()
    expect(within(agents).getByText('Alice')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'New customer sources' }))
    expect(await screen.findByText('Not from a link')).toBeInTheDocument()
    expect(screen.getByText('Spring ads')).toBeInTheDocument()
  })

  it('exports the range shown in the user language', async () => {
    renderWithProviders(<DataStatisticsPage />)
    await screen.findByTestId('stats-total-messagesIn')
    fireEvent.click(screen.getByTestId('stats-export'))
    await waitFor(() => expect(api.exportStatistics).toHaveBeenCalled())
    const [range, language] = vi.mocked(api.exportStatistics).mock.calls[0] ?? []
    expect(language).toBe('en')
    expect(range).toEqual(vi.mocked(api.statisticsOverview).mock.calls[0]?.[0])
  })

  it('shows a retry when the figures cannot be loaded', async () => {
    vi.mocked(api.statisticsOverview).mockRejectedValue(new Error('down'))
    renderWithProviders(<DataStatisticsPage />)
    expect(await screen.findByTestId('stats-load-failed')).toHaveTextContent(
      'The statistics could not be loaded',
    )
  })
})
