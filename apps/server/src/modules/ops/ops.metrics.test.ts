import { describe, expect, it } from 'vitest'
import { OpsMetrics } from './ops.metrics.js'

const sources = {
  accountsByStatus: async () => ({}),
  outboxDepth: async () => ({ pending: 0, oldestAgeMs: null }),
  heldAccounts: () => 0,
}

describe('the WhatsApp link on /metrics', () => {
  it('labels the Web version in use with where it came from, and counts each refusal of it', async () => {
    const m = new OpsMetrics({
      ...sources,
      waVersion: () => ({ text: '2.3000.1027123456', source: 'cached' }),
    })
    m.linkStatus({ state: 'connecting', attempt: 1, reason: 'client_outdated' })
    m.linkStatus({ state: 'reconnecting', attempt: 2, reason: 'client_outdated', retryAt: 0, code: 405 })
    m.linkStatus({ state: 'reconnecting', attempt: 3, reason: 'connection_lost', retryAt: 0, code: 408 })
    m.linkStatus({ state: 'connecting' })
    const text = await m.text()
    expect(text).toContain('wsdesk_wa_version_info{version="2.3000.1027123456",source="cached"} 1')
    expect(text).toContain('wsdesk_wa_version_rejections_total 2')
  })

  it('has no version on the simulated network', async () => {
    expect(await new OpsMetrics(sources).text()).not.toMatch(/wsdesk_wa_version_info\{/)
  })
})
