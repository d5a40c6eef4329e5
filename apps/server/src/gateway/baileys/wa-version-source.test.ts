import { MockAgent } from 'undici'
import { describe, expect, it } from 'vitest'
import { BUNDLED_WA_VERSION, waWebVersionFetcher } from './wa-version-source.js'

describe("Baileys' WhatsApp Web version lookup", () => {
  it('reads the client revision web.whatsapp.com publishes', async () => {
    const agent = new MockAgent()
    agent.disableNetConnect()
    agent
      .get('https://web.whatsapp.com')
      .intercept({ path: '/sw.js', method: 'GET' })
      .reply(
        200,
        'self.__swData=JSON.parse(/*BTDS*/"{\\"dynamic_data\\":{\\"SiteData\\":{\\"client_revision\\":1027123456}}}");',
      )
    const fetch = waWebVersionFetcher({ init: { dispatcher: agent } as RequestInit })
    expect(await fetch()).toEqual([2, 3000, 1_027_123_456])
    await agent.close()
  })

  it('fails fast with no network (the caller keeps the version it has)', async () => {
    const agent = new MockAgent()
    agent.disableNetConnect()
    const started = Date.now()
    await expect(waWebVersionFetcher({ init: { dispatcher: agent } as RequestInit })()).rejects.toThrow(
      /WhatsApp Web version unavailable/,
    )
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(BUNDLED_WA_VERSION).toHaveLength(3)
    await agent.close()
  })
})
