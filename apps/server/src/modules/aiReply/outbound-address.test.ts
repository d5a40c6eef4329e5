import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OpenAiLoopback } from '../../test/openai-loopback.js'
import { OpenAiCompatibleProvider } from './ai.provider.js'
import { isPrivateAddress } from './outbound-address.js'

describe('a tenant-configured AI provider on a private address', () => {
  let loopback: OpenAiLoopback
  beforeAll(async () => {
    loopback = await new OpenAiLoopback().start()
  })
  afterAll(() => loopback.stop())

  const ask = (provider: OpenAiCompatibleProvider, baseUrl: string) =>
    provider.complete({ baseUrl, apiKey: 'k', model: 'm', messages: [{ role: 'user', content: 'hi' }] })

  it('tells private and local addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true)
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false)
  })

  it('is refused before any request, by IP literal or by a name that resolves to one', async () => {
    const guarded = new OpenAiCompatibleProvider({ privateAddresses: false })
    const port = new URL(loopback.baseUrl).port
    await expect(ask(guarded, loopback.baseUrl)).rejects.toThrow(/private or local address/)
    await expect(ask(guarded, `http://localhost:${port}/v1`)).rejects.toThrow(/private or local address/)
    await expect(ask(guarded, `http://[::ffff:127.0.0.1]:${port}/v1`)).rejects.toThrow(
      /private or local address/,
    )
    expect(loopback.requests).toHaveLength(0)
  })

  it('is reached when the operator allows private addresses', async () => {
    const open = new OpenAiCompatibleProvider({ privateAddresses: true })
    await expect(ask(open, loopback.baseUrl)).resolves.toMatchObject({ text: expect.any(String) })
    expect(loopback.requests.length).toBeGreaterThan(0)
  })
})
