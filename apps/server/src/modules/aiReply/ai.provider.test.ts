import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import { OpenAiLoopback } from '../../test/openai-loopback.js'
import { OpenAiCompatibleProvider, ProviderError } from './ai.provider.js'

describe('a tenant-configured AI provider on this machine', () => {
  let loopback: OpenAiLoopback
  beforeAll(async () => {
    loopback = await new OpenAiLoopback().start()
  })
  afterAll(() => loopback.stop())

  const ask = (provider: OpenAiCompatibleProvider, baseUrl: string) =>
    provider.complete({ baseUrl, apiKey: 'k', model: 'm', messages: [{ role: 'user', content: 'hi' }] })

  it('is refused before any request, however its address is written', async () => {
    const guarded = new OpenAiCompatibleProvider({ outbound: new OutboundGuard({ privateAddresses: false }) })
    const port = new URL(loopback.baseUrl).port
    for (const baseUrl of [
      loopback.baseUrl,
      `http://localhost:${port}/v1`,
      `http://2130706433:${port}/v1`,
      `http://0x7f.1:${port}/v1`,
      `http://[::ffff:127.0.0.1]:${port}/v1`,
      `http://[::ffff:7f00:1]:${port}/v1`,
      `http://[::127.0.0.1]:${port}/v1`,
    ]) {
      const call = ask(guarded, baseUrl)
      await expect(call, baseUrl).rejects.toBeInstanceOf(ProviderError)
      await expect(call, baseUrl).rejects.toThrow(/private or local address/)
    }
    expect(loopback.requests).toHaveLength(0)
  })

  it('is reached when the operator allows private addresses', async () => {
    const open = new OpenAiCompatibleProvider({ outbound: new OutboundGuard({ privateAddresses: true }) })
    await expect(ask(open, loopback.baseUrl)).resolves.toMatchObject({ text: expect.any(String) })
    expect(loopback.requests.length).toBeGreaterThan(0)
  })
})
