import { DEFAULT_BUSINESS_HOURS } from '@app/core'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../i18n'
import { fakeServer, ok } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/testUtils'
import RiskStatisticsPage from './index'

beforeEach(async () => {
  await i18n.changeLanguage('en')
  // 16:50 UTC on 29 November: already 30 November in Shanghai
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.UTC(2026, 10, 29, 16, 50))
})
afterEach(async () => {
  vi.useRealTimers()
  await i18n.changeLanguage('zh')
})

describe('risk statistics', () => {
  it("asks for the last seven days of the tenant's time zone, today being the tenant's today", async () => {
    const adapter = fakeServer({
      '/damai/customer/businessHours/get': () => ok({ ...DEFAULT_BUSINESS_HOURS, timeZone: 'Asia/Shanghai' }),
      '/damai/customer/wsAccount/page': () => ok({ list: [], total: 0 }),
      '/damai/customer/risk/statistics': () =>
        ok({
          rows: [],
          days: [],
          total: {
            sends: 0,
            newChats: 0,
            failed: 0,
            bans: 0,
            warnings: 0,
            replies: 0,
            failedByReason: {},
            optOuts: 0,
            replyRatio: null,
          },
        }),
    })
    renderWithProviders(<RiskStatisticsPage />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Risk statistics' })).toBeInTheDocument()
    await waitFor(() => {
      const asked = adapter.mock.calls.map(([c]) => c).find((c) => c.url?.includes('statistics'))
      expect(JSON.parse(asked?.data ?? '{}')).toMatchObject({ from: '2026-11-24', to: '2026-11-30' })
    })
  })
})
