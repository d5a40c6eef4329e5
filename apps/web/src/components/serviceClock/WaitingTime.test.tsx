import { DEFAULT_BUSINESS_HOURS, DEFAULT_SERVICE_LEVEL } from '@app/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render as rtlRender, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getBusinessHours, getServiceLevel } from '../../api/support'
import { i18n } from '../../i18n'
import { WaitingTime } from './WaitingTime'

vi.mock('../../api/support', async (original) => ({
  ...(await original<typeof import('../../api/support')>()),
  getServiceLevel: vi.fn(),
  getBusinessHours: vi.fn(),
}))

const withQueries = (ui: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {ui}
  </QueryClientProvider>
)
const render = (ui: ReactNode) => {
  const r = rtlRender(withQueries(ui))
  return { ...r, rerender: (next: ReactNode) => r.rerender(withQueries(next)) }
}

const MINUTE = 60_000
const NOW = Date.UTC(2026, 0, 5, 9)

beforeEach(async () => {
  vi.mocked(getServiceLevel).mockResolvedValue({ ...DEFAULT_SERVICE_LEVEL, groups: [] })
  vi.mocked(getBusinessHours).mockResolvedValue(DEFAULT_BUSINESS_HOURS)
  await i18n.changeLanguage('en')
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
  vi.setSystemTime(NOW)
})
afterEach(async () => {
  vi.useRealTimers()
  await i18n.changeLanguage('zh')
})

const shown = () => screen.getByTestId('desk-session-waiting').textContent

describe('how long a session has waited on us', () => {
  it('counts in minutes, then hours and minutes, then days, and moves on every 30 s', () => {
    render(<WaitingTime since={NOW - 40_000} ownerId={7} />)
    expect(shown()).toBe('waiting < 1 min')
    act(() => vi.advanceTimersByTime(30_000))
    expect(shown()).toBe('waiting 1 min')
    act(() => vi.advanceTimersByTime(11 * MINUTE))
    expect(shown()).toBe('waiting 12 min')
  })

  it('says hours and days for a long wait, in the language of the desk', async () => {
    const { rerender } = render(<WaitingTime since={NOW - 75 * MINUTE} ownerId={7} />)
    expect(shown()).toBe('waiting 1 h 15 min')
    rerender(<WaitingTime since={NOW - 3 * 24 * 60 * MINUTE} ownerId={7} />)
    expect(shown()).toBe('waiting 3 d')
    await act(() => i18n.changeLanguage('zh'))
    rerender(<WaitingTime since={NOW - 12 * MINUTE} ownerId={7} />)
    expect(shown()).toBe('已等待 12 分钟')
  })

  it('turns amber past half the response target and red past it, and says so to a screen reader', async () => {
    vi.mocked(getServiceLevel).mockResolvedValue({
      firstResponseMinutes: 10,
      nextResponseMinutes: 30,
      enabled: true,
      groups: [],
    })
    const { rerender } = render(<WaitingTime since={NOW - 3 * MINUTE} ownerId={7} />)
    const el = () => screen.getByTestId('desk-session-waiting')
    await waitFor(() => expect(el().dataset.level).toBe('ok'))
    rerender(<WaitingTime since={NOW - 6 * MINUTE} ownerId={7} />)
    expect(el().dataset.level).toBe('amber')
    expect(el().textContent).toContain('over half the 10 min target')
    act(() => vi.advanceTimersByTime(5 * 60_000))
    expect(el().dataset.level).toBe('red')
    expect(el().textContent).toContain('past the 10 min target')
  })

  it('counts only business time: a wait that began after closing is not yet late', async () => {
    vi.mocked(getServiceLevel).mockResolvedValue({
      firstResponseMinutes: 10,
      nextResponseMinutes: 30,
      enabled: true,
      groups: [],
    })
    // open 10:00–18:00 UTC on weekdays; NOW is Monday 09:00 UTC, before opening
    const day = { open: true, from: '10:00', to: '18:00' }
    const closed = { open: false, from: '10:00', to: '18:00' }
    vi.mocked(getBusinessHours).mockResolvedValue({
      ...DEFAULT_BUSINESS_HOURS,
      enabled: true,
      timeZone: 'UTC',
      week: [day, day, day, day, day, closed, closed],
    })
    render(<WaitingTime since={NOW - 30 * MINUTE} ownerId={7} />)
    await waitFor(() => expect(screen.getByTestId('desk-session-waiting').dataset.level).toBe('ok'))
  })

  it("counts against the owner's group's own target where it has one, else the team's", async () => {
    vi.mocked(getServiceLevel).mockResolvedValue({
      firstResponseMinutes: 10,
      nextResponseMinutes: 30,
      enabled: true,
      groups: [
        { groupId: 3, name: 'VIP', firstResponseMinutes: 2, nextResponseMinutes: null, agentIds: [8] },
      ],
    })
    render(
      <>
        <WaitingTime since={NOW - 3 * MINUTE} ownerId={8} />
        <WaitingTime since={NOW - 3 * MINUTE} ownerId={7} />
      </>,
    )
    const [vip, team] = screen.getAllByTestId('desk-session-waiting')
    await waitFor(() => expect(vip.dataset.level).toBe('red'))
    expect(vip.textContent).toContain('past the 2 min target')
    expect(team.dataset.level).toBe('ok')
  })
})
