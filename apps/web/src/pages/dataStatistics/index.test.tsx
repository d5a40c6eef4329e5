import type { BusinessHoursBody, SatisfactionReport, StatFigures, StatisticsOverview } from '@app/core'
import { DEFAULT_BUSINESS_HOURS } from '@app/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import dayjs from 'dayjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/statistics'
import * as support from '../../api/support'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { SatisfactionReport as SatisfactionReportView } from './components/SatisfactionReport'
import DataStatisticsPage from './index'

vi.mock('../../api/statistics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/statistics')>()),
  statisticsOverview: vi.fn(),
  exportStatistics: vi.fn(),
}))
vi.mock('../../api/support', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/support')>()),
  getBusinessHours: vi.fn(),
  satisfactionReport: vi.fn(),
  getSatisfaction: vi.fn(),
}))
vi.mock('./components/StatsChart', () => ({ default: () => <div data-testid="stats-chart" /> }))

/** A zone where today is not the UTC+8 day: at 20:00 UTC it is still the same day in Los Angeles. */
const ZONE = 'America/Los_Angeles'
const NOW = Date.UTC(2026, 0, 6, 20, 0)

const hours: BusinessHoursBody = { ...DEFAULT_BUSINESS_HOURS, timeZone: ZONE }

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
  breaches: 0,
  ...over,
})

const overview: StatisticsOverview = {
  from: '2026-01-05',
  to: '2026-01-06',
  timeZone: ZONE,
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
    breaches: 3,
  }),
  days: [
    { day: '2026-01-05', ...figures({ messagesIn: 40, breaches: 2 }) },
    { day: '2026-01-06', ...figures({ messagesIn: 2, breaches: 1 }) },
  ],
  accounts: [{ accountId: 3, phone: '8613800000003', ...figures({ messagesIn: 42 }) }],
  agents: [
    { agentId: 0, name: '', ...figures({ messagesIn: 2 }) },
    { agentId: 9, name: 'Alice', ...figures({ messagesIn: 40, breaches: 3 }) },
  ],
  fansBySource: [{ source: 'passive_add', count: 5 }],
  fansByLink: [
    { linkId: 0, name: '', count: 3 },
    { linkId: 4, name: 'Spring ads', count: 2 },
  ],
}

// Alice's three ratings 5, 5, 4 (mean 4.67) and one of 2 in a conversation without an agent
const report: SatisfactionReport = {
  timeZone: ZONE,
  rows: [
    { agentUserId: 9, agentName: 'Alice', day: '2026-01-05', count: 3, average: 4.67 },
    { agentUserId: null, agentName: '', day: '2026-01-06', count: 1, average: 2 },
  ],
}

beforeEach(async () => {
  vi.clearAllMocks()
  // only the clock: the page's "today" is NOW, timers stay real
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  await i18n.changeLanguage('en')
  vi.mocked(support.getBusinessHours).mockResolvedValue(hours)
  vi.mocked(support.satisfactionReport).mockResolvedValue(report)
  vi.mocked(support.getSatisfaction).mockResolvedValue({
    enabled: false,
    question: { zh: '满意吗？', en: 'Happy?' },
    language: 'en',
  })
  vi.mocked(api.statisticsOverview).mockResolvedValue(overview)
  vi.mocked(api.exportStatistics).mockResolvedValue(true)
})
afterEach(async () => {
  vi.useRealTimers()
  await i18n.changeLanguage('zh')
})

const openSatisfaction = async () => {
  await screen.findByTestId('stats-total-messagesIn')
  fireEvent.click(screen.getByRole('tab', { name: 'Satisfaction' }))
  return screen.findByTestId('stats-satisfaction')
}

describe('/dataStatistics', { timeout: 30_000 }, () => {
  it("waits for the tenant's time zone, then asks for its last 7 days and shows the totals", async () => {
    let answer: (h: BusinessHoursBody) => void = () => undefined
    vi.mocked(support.getBusinessHours).mockReturnValue(
      new Promise<BusinessHoursBody>((resolve) => {
        answer = resolve
      }),
    )
    renderWithProviders(<DataStatisticsPage />)
    expect(await screen.findByTestId('stats-loading')).toBeInTheDocument()
    expect(api.statisticsOverview).not.toHaveBeenCalled()
    await act(async () => answer(hours))
    await waitFor(() => expect(api.statisticsOverview).toHaveBeenCalled())
    // 2026-01-06 in Los Angeles; at UTC+8 it would already be 2026-01-07
    expect(vi.mocked(api.statisticsOverview).mock.calls).toEqual([[{ from: '2025-12-31', to: '2026-01-06' }]])
    expect(await screen.findByTestId('stats-total-messagesIn')).toHaveTextContent('42')
    expect(screen.getByTestId('stats-total-replyRate')).toHaveTextContent('75%')
    expect(screen.getByTestId('stats-total-p50')).toHaveTextContent('1.5 min')
    expect(screen.getByTestId('stats-total-p90')).toHaveTextContent('1.8 s')
    expect(screen.getByTestId('stats-zone')).toHaveTextContent(`calendar days of the ${ZONE} time zone`)
    expect(screen.getByTestId('stats-zone')).toHaveTextContent('figures up to')
  })

  it('is titled Statistics as its one h1, with refresh and export as its actions', async () => {
    renderWithProviders(<DataStatisticsPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument()
    await screen.findByTestId('stats-total-messagesIn')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const actions = screen.getByTestId('page-actions')
    expect(within(actions).getByTestId('stats-refresh')).toBeInTheDocument()
    expect(within(actions).getByTestId('stats-export')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Per day' })).toBeInTheDocument()
  })

  it('says what to do when the dates hold no figures', async () => {
    vi.mocked(api.statisticsOverview).mockResolvedValue({ ...overview, days: [], accounts: [], agents: [] })
    renderWithProviders(<DataStatisticsPage />)
    const days = await screen.findByTestId('stats-days')
    expect(await within(days).findByTestId('stats-days-empty')).toHaveTextContent(
      'Choose other dates, or refresh later',
    )
  })

  it('names the zone the figures were counted in, in Chinese too', async () => {
    await i18n.changeLanguage('zh')
    vi.mocked(api.statisticsOverview).mockResolvedValue({ ...overview, timeZone: 'Asia/Shanghai' })
    renderWithProviders(<DataStatisticsPage />)
    await waitFor(() =>
      expect(screen.getByTestId('stats-zone')).toHaveTextContent('按 Asia/Shanghai 时区的日期统计'),
    )
    expect(screen.getByTestId('stats-zone')).toHaveTextContent('数据更新至')
  })

  it('shows the late answers in the totals and the tables, explained on keyboard focus', async () => {
    renderWithProviders(<DataStatisticsPage />)
    const total = await screen.findByTestId('stats-total-breaches')
    expect(total).toHaveTextContent('Late answers')
    await waitFor(() => expect(total.querySelector('.ant-statistic-content-value')).toHaveTextContent('3'))
    const days = await screen.findByTestId('stats-days')
    expect(within(days).getByRole('columnheader', { name: /Late answers/ })).toBeInTheDocument()
    expect(within(days).getByTestId('stats-days-breaches-2026-01-05')).toHaveTextContent('2')
    const help = within(total).getByRole('img', { name: /later than the service-level target/ })
    expect(help).toHaveAttribute('tabindex', '0')
    fireEvent.focus(help)
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Answers later than the service-level target, in business time',
    )
    fireEvent.click(screen.getByRole('tab', { name: 'By agent' }))
    const agents = await screen.findByTestId('stats-agents')
    expect(within(agents).getByTestId('stats-agents-breaches-9')).toHaveTextContent('3')
  })

  it('lists days, and agents with the unassigned line named', async () => {
    renderWithProviders(<DataStatisticsPage />)
    const days = await screen.findByTestId('stats-days')
    expect(await within(days).findByText('2026-01-05')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'By day' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'By agent' }))
    const agents = await screen.findByTestId('stats-agents')
    expect(within(agents).getByText('No agent')).toBeInTheDocument()
    expect(within(agents).getByText('Alice')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'New customer sources' }))
    expect(await screen.findByText('Not from a link')).toBeInTheDocument()
    expect(screen.getByText('Spring ads')).toBeInTheDocument()
  })

  it('shows the ratings of the range per agent and day, with the total and the weighted mean', async () => {
    renderWithProviders(<DataStatisticsPage />)
    const panel = await openSatisfaction()
    await waitFor(() => expect(within(panel).getAllByTestId('stats-satisfaction-row')).toHaveLength(2))
    expect(support.satisfactionReport).toHaveBeenCalledWith(
      vi.mocked(api.statisticsOverview).mock.calls[0]?.[0],
    )
    expect(
      within(panel).getByRole('table', { name: 'Satisfaction ratings by agent and day' }),
    ).toBeInTheDocument()
    const [alice, none] = within(panel).getAllByTestId('stats-satisfaction-row')
    expect(alice).toHaveTextContent('2026-01-05')
    expect(alice).toHaveTextContent('Alice')
    expect(alice).toHaveTextContent('3')
    expect(alice).toHaveTextContent('4.67')
    expect(none).toHaveTextContent('No agent')
    expect(none).toHaveTextContent('2.00')
    expect(within(panel).getByTestId('stats-satisfaction-total-count')).toHaveTextContent('4')
    // (4.67 × 3 + 2) / 4
    expect(within(panel).getByTestId('stats-satisfaction-total-average')).toHaveTextContent('4.00')
  })

  it('says where to turn the survey on when the range has no ratings', async () => {
    vi.mocked(support.satisfactionReport).mockResolvedValue({ timeZone: ZONE, rows: [] })
    renderWithProviders(<DataStatisticsPage />)
    const panel = await openSatisfaction()
    const empty = await within(panel).findByTestId('stats-satisfaction-empty')
    expect(empty).toHaveTextContent('No satisfaction ratings in these dates')
    expect(empty).toHaveTextContent('Settings → Service')
    expect(within(panel).queryByTestId('stats-satisfaction-row')).toBeNull()
  })

  it('with the survey on, says ratings show once customers answer; Refresh asks for the ratings again', async () => {
    vi.mocked(support.getSatisfaction).mockResolvedValue({
      enabled: true,
      question: { zh: '满意吗？', en: 'Happy?' },
      language: 'en',
    })
    vi.mocked(support.satisfactionReport).mockResolvedValue({ timeZone: ZONE, rows: [] })
    renderWithProviders(<DataStatisticsPage />)
    const panel = await openSatisfaction()
    const empty = await within(panel).findByTestId('stats-satisfaction-empty')
    await waitFor(() => expect(empty).toHaveTextContent('The survey is on'))
    expect(support.satisfactionReport).toHaveBeenCalledTimes(1)
    vi.mocked(support.satisfactionReport).mockResolvedValue(report)
    fireEvent.click(screen.getByTestId('stats-refresh'))
    await waitFor(() => expect(within(panel).getAllByTestId('stats-satisfaction-row')).toHaveLength(2))
    expect(support.satisfactionReport).toHaveBeenCalledTimes(2)
  })

  it('says a range over 92 days is too long for the satisfaction report, and does not ask for it', async () => {
    renderWithProviders(<DataStatisticsPage />)
    const panel = await openSatisfaction()
    await waitFor(() => expect(support.satisfactionReport).toHaveBeenCalledTimes(1))
    // 2025-09-01 … 2026-01-06: 128 days, which the figures take (at most 366) and the report does not
    const [start, end] = screen
      .getAllByTestId('stats-range')
      .flatMap((e) => (e.tagName === 'INPUT' ? [e] : within(e).queryAllByRole('textbox')))
    fireEvent.mouseDown(start!)
    fireEvent.change(start!, { target: { value: '2025-09-01' } })
    fireEvent.keyDown(start!, { key: 'Enter' })
    fireEvent.change(end!, { target: { value: '2026-01-06' } })
    fireEvent.keyDown(end!, { key: 'Enter' })
    await waitFor(() =>
      expect(api.statisticsOverview).toHaveBeenLastCalledWith({ from: '2025-09-01', to: '2026-01-06' }),
    )
    expect(await within(panel).findByTestId('stats-satisfaction-too-long')).toHaveTextContent(
      'The satisfaction report covers at most 92 days',
    )
    expect(support.satisfactionReport).toHaveBeenCalledTimes(1)
    expect(within(panel).queryByTestId('stats-satisfaction-row')).toBeNull()
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

  it('shows a retry, and asks for no figures, when the time zone cannot be loaded', async () => {
    vi.mocked(support.getBusinessHours).mockRejectedValue(new Error('down'))
    renderWithProviders(<DataStatisticsPage />)
    expect(await screen.findByTestId('stats-load-failed')).toHaveTextContent(
      'The statistics could not be loaded',
    )
    expect(api.statisticsOverview).not.toHaveBeenCalled()
  })
})

describe('the satisfaction report of a range', () => {
  const range = (days: number) =>
    [dayjs('2026-01-06').subtract(days - 1, 'day'), dayjs('2026-01-06')] as [dayjs.Dayjs, dayjs.Dayjs]

  it('asks for a range of 92 days', async () => {
    renderWithProviders(<SatisfactionReportView range={range(92)} />)
    await waitFor(() =>
      expect(support.satisfactionReport).toHaveBeenCalledWith({ from: '2025-10-07', to: '2026-01-06' }),
    )
    expect(await screen.findAllByTestId('stats-satisfaction-row')).toHaveLength(2)
  })

  it('says a range over 92 days is too long instead of asking', async () => {
    renderWithProviders(<SatisfactionReportView range={range(93)} />)
    expect(screen.getByTestId('stats-satisfaction-too-long')).toHaveTextContent(
      'The satisfaction report covers at most 92 days',
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(support.satisfactionReport).not.toHaveBeenCalled()
    expect(screen.queryByTestId('stats-satisfaction-row')).toBeNull()
  })
})
