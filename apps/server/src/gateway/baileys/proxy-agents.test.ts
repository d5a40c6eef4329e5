import type { Agent } from 'node:https'
import https from 'node:https'
import net, { type AddressInfo } from 'node:net'
import { type Dispatcher, fetch } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isPublicAddress } from '../../net/outbound/address-rules.js'
import { OutboundGuard, OutboundRefusedError, type Resolve } from '../../net/outbound/outbound-guard.js'
import type { ProxyConfig } from '../messaging-gateway.js'
import { createProxyAgents, type ProxyAgents } from './proxy-agents.js'

/** A TCP server standing in for a proxy: it records what each connection opens with, then refuses it. */
async function standIn(host: string) {
  const seen: string[] = []
  const server = net.createServer((socket) => {
    socket.once('data', (chunk: Buffer) => {
      // an HTTP proxy is asked to CONNECT; a SOCKS5 one is greeted with its version, 5
      seen.push(chunk[0] === 5 ? 'socks5' : chunk.toString('latin1').split('\r\n')[0])
      socket.end(chunk[0] === 5 ? Buffer.from([5, 0xff]) : 'HTTP/1.1 403 Forbidden\r\n\r\n')
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  return {
    seen,
    port: (server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// The "public" proxy runs on 127.0.0.2, which the guard is told is public; the internal service
// (a Redis, say) runs on 127.0.0.1, private as ever.
const PUBLIC_HOST = '127.0.0.2'
let proxy: Awaited<ReturnType<typeof standIn>>
let internal: Awaited<ReturnType<typeof standIn>>

beforeAll(async () => {
  proxy = await standIn(PUBLIC_HOST)
  internal = await standIn('127.0.0.1')
})
afterAll(async () => {
  await Promise.all([proxy.stop(), internal.stop()])
})
beforeEach(() => {
  proxy.seen.length = 0
  internal.seen.length = 0
})

/** What the proxy's name resolves to now; a test may change it after the agents were made. */
let answer = PUBLIC_HOST
const resolve: Resolve = async (hostname) => {
  if (hostname === 'proxy.test') return [{ address: answer, family: 4 }]
  if (hostname === 'redis.internal.test') return [{ address: '127.0.0.1', family: 4 }]
  throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' })
}
const guard = new OutboundGuard({
  privateAddresses: false,
  resolve,
  isPublic: (a) => a === PUBLIC_HOST || isPublicAddress(a),
})

/** A request to WhatsApp through the agent and then the dispatcher; the stand-in refuses both. */
async function callThrough(agents: ProxyAgents): Promise<void> {
  await new Promise<void>((done) => {
    const req = https.request(
      { host: 'web.whatsapp.test', port: 443, agent: agents.agent as Agent },
      (res) => {
        res.resume()
        res.on('end', () => done())
      },
    )
    req.on('error', () => done())
    req.end()
  })
  const dispatcher = agents.dispatcher as Dispatcher | undefined
  expect(dispatcher).toBeDefined()
  await fetch('http://web.whatsapp.test/', { dispatcher }).catch(() => undefined)
  agents.agent.destroy()
  await dispatcher?.destroy()
}

const PROTOCOLS: ProxyConfig['protocol'][] = ['http', 'socks5']

describe('the agents for an account proxy', () => {
  it.each(PROTOCOLS)('refuse a proxy on this machine before connecting (%s)', async (protocol) => {
    const made = createProxyAgents({ protocol, host: '127.0.0.1', port: internal.port }, guard)
    await expect(made).rejects.toBeInstanceOf(OutboundRefusedError)
    await expect(made).rejects.toThrow('127.0.0.1 is a private or local address')
    expect(internal.seen).toEqual([])
  })

  it.each(PROTOCOLS)('refuse a proxy whose name resolves to a private address (%s)', async (protocol) => {
    const made = createProxyAgents({ protocol, host: 'redis.internal.test', port: internal.port }, guard)
    await expect(made).rejects.toThrow('redis.internal.test is a private or local address (127.0.0.1)')
    expect(internal.seen).toEqual([])
  })

  it.each(PROTOCOLS)('refuse a proxy named localhost (%s)', async (protocol) => {
    const made = createProxyAgents({ protocol, host: 'localhost', port: internal.port }, guard)
    await expect(made).rejects.toBeInstanceOf(OutboundRefusedError)
    expect(internal.seen).toEqual([])
  })

  it('connect an http proxy at the address its name was checked at, whatever the name answers later', async () => {
    answer = PUBLIC_HOST
    const agents = await createProxyAgents(
      { protocol: 'http', host: 'proxy.test', port: proxy.port, username: 'u', password: 'p' },
      guard,
    )
    answer = '127.0.0.1'
    await callThrough(agents)
    expect(proxy.seen).toEqual([
      'CONNECT web.whatsapp.test:443 HTTP/1.1',
      'CONNECT web.whatsapp.test:80 HTTP/1.1',
    ])
    expect(internal.seen).toEqual([])
  })

  it('connect a socks5 proxy at the address its name was checked at, whatever the name answers later', async () => {
    answer = PUBLIC_HOST
    const agents = await createProxyAgents(
      { protocol: 'socks5', host: 'proxy.test', port: proxy.port },
      guard,
    )
    answer = '127.0.0.1'
    await callThrough(agents)
    expect(proxy.seen).toEqual(['socks5', 'socks5'])
    expect(internal.seen).toEqual([])
  })

  it.each(PROTOCOLS)(
    'connect a proxy anywhere when the operator allows private addresses (%s)',
    async (protocol) => {
      const open = new OutboundGuard({ privateAddresses: true, resolve })
      await callThrough(await createProxyAgents({ protocol, host: '127.0.0.1', port: internal.port }, open))
      expect(internal.seen).toHaveLength(2)
    },
  )
})
