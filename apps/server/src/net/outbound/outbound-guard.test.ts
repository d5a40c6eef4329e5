import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fetch } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isPublicAddress } from './address-rules.js'
import { MAX_REDIRECTS, OutboundGuard, OutboundRefusedError, type Resolve } from './outbound-guard.js'

interface Seen {
  method: string
  url: string
  body: string
  headers: IncomingMessage['headers']
}

/** A local HTTP server that records what it is asked and answers with `route`. */
async function standIn(host: string, route: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8')
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers })
      route(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const port = (server.address() as AddressInfo).port
  return {
    seen,
    port,
    origin: `http://${host}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type StandIn = Awaited<ReturnType<typeof standIn>>

// The "public" provider runs on 127.0.0.2, which this guard is told is public; the internal
// service it redirects to runs on 127.0.0.1, private as ever.
const PUBLIC_HOST = '127.0.0.2'
let provider: StandIn
let elsewhere: StandIn
let internal: StandIn

const redirect = (res: ServerResponse, status: number, location: string) =>
  res.writeHead(status, { location }).end('moved')
/** Answers the request as the server saw it. */
const echo = (res: ServerResponse, seen: Seen[]) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen.at(-1)))

beforeAll(async () => {
  internal = await standIn('127.0.0.1', (_req, res) => res.writeHead(200).end('internal secret'))
  elsewhere = await standIn(PUBLIC_HOST, (_req, res) => echo(res, elsewhere.seen))
  provider = await standIn(PUBLIC_HOST, (req, res) => {
    const url = new URL(req.url ?? '/', provider.origin)
    const status = Number(url.searchParams.get('status') ?? 302)
    const to = url.searchParams.get('to')
    if (url.pathname === '/echo') return echo(res, provider.seen)
    if (url.pathname === '/chain') {
      const left = Number(url.searchParams.get('left'))
      return left > 0 ? redirect(res, 302, `/chain?left=${left - 1}`) : res.writeHead(200).end('end')
    }
    if (to) return redirect(res, status, to.replace('{internal}', String(internal.port)))
    res.writeHead(404).end()
  })
})
afterAll(async () => {
  await Promise.all([provider.stop(), elsewhere.stop(), internal.stop()])
})
beforeEach(() => {
  for (const s of [provider, elsewhere, internal]) s.seen.length = 0
})

/** DNS for the tests: names of the internal service answer its private address. */
const resolve: Resolve = async (hostname) => {
  if (hostname === 'provider.test') return [{ address: PUBLIC_HOST, family: 4 }]
  if (hostname === 'internal.test') return [{ address: '127.0.0.1', family: 4 }]
  throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' })
}
const guard = new OutboundGuard({
  privateAddresses: false,
  resolve,
  isPublic: (a) => a === PUBLIC_HOST || isPublicAddress(a),
})

/** The refusal behind a rejected call: thrown before the request, or as the cause of undici's "fetch failed". */
async function refusal(call: Promise<unknown>): Promise<Error> {
  const err = await call.then(
    () => {
      throw new Error('the call was not refused')
    },
    (e: unknown) => e as Error,
  )
  return err instanceof OutboundRefusedError ? err : (err.cause as Error)
}

const via = (to: string, status = 302) =>
  `${provider.origin}/go?status=${status}&to=${encodeURIComponent(to)}`

describe('a redirect from a public address', () => {
  // refused by the hop's own check, before any connection (a refused connection names the address it reached)
  it.each([
    ['loopback', 'http://127.0.0.1:{internal}/secret', '127.0.0.1'],
    ['loopback in decimal', 'http://2130706433:{internal}/secret', '127.0.0.1'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:{internal}/secret', '::ffff:7f00:1'],
    ['IPv4-compatible loopback', 'http://[::127.0.0.1]:{internal}/secret', '::7f00:1'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['localhost', 'http://localhost:{internal}/secret', 'localhost'],
  ])('to %s is refused and nothing is fetched from it', async (_form, to, host) => {
    for (const status of [301, 302, 303, 307, 308]) {
      const err = await refusal(guard.fetch(via(to, status), { method: 'POST', body: '{}' }))
      expect(err).toBeInstanceOf(OutboundRefusedError)
      expect(err.message).toBe(`${host} is a private or local address`)
    }
    expect(provider.seen).toHaveLength(5)
    expect(internal.seen).toHaveLength(0)
  })

  it('to a name that resolves to a private address is refused when connecting', async () => {
    const err = await refusal(guard.fetch(via('http://internal.test:{internal}/secret')))
    expect(err).toBeInstanceOf(OutboundRefusedError)
    expect(err.message).toBe('internal.test is a private or local address (127.0.0.1)')
    expect(internal.seen).toHaveLength(0)
  })

  it('relative or to another public address is followed', async () => {
    const res = await guard.fetch(via('/echo'))
    expect(res.status).toBe(200)
    const named = await guard.fetch(`http://provider.test:${provider.port}/go?to=${elsewhere.origin}/echo`)
    expect(named.status).toBe(200)
    expect(elsewhere.seen).toHaveLength(1)
  })

  it(`is followed ${MAX_REDIRECTS} times at most`, async () => {
    expect((await guard.fetch(`${provider.origin}/chain?left=${MAX_REDIRECTS}`)).status).toBe(200)
    const err = await refusal(guard.fetch(`${provider.origin}/chain?left=${MAX_REDIRECTS + 1}`))
    expect(err.message).toBe(`more than ${MAX_REDIRECTS} redirects`)
  })

  it('keeps or drops the method and body as the status says', async () => {
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":1}' }
    const cases: [status: number, method: string, want: string, body: string][] = [
      [301, 'POST', 'GET', ''],
      [302, 'POST', 'GET', ''],
      [303, 'POST', 'GET', ''],
      [303, 'PUT', 'GET', ''],
      [302, 'PUT', 'PUT', '{"q":1}'],
      [307, 'POST', 'POST', '{"q":1}'],
      [308, 'POST', 'POST', '{"q":1}'],
    ]
    for (const [status, method, want, body] of cases) {
      const res = await guard.fetch(via('/echo', status), { ...post, method })
      const got = (await res.json()) as Seen
      expect([status, got.method, got.body], `${method} ${status}`).toEqual([status, want, body])
      expect(got.headers['content-type'], `${method} ${status}`).toBe(body ? 'application/json' : undefined)
    }
  })

  it("keeps the tenant's key on the same origin only", async () => {
    const auth = { method: 'POST', headers: { authorization: 'Bearer sk-tenant' }, body: '{}' }
    await guard.fetch(via('/echo', 307), auth)
    expect(provider.seen.at(-1)?.headers.authorization).toBe('Bearer sk-tenant')
    await guard.fetch(via(`${elsewhere.origin}/echo`, 307), auth)
    expect(elsewhere.seen.at(-1)?.headers.authorization).toBeUndefined()
  })
})

describe('a connection', () => {
  it('to a public-looking name that DNS answers with a private address is refused', async () => {
    const err = await refusal(guard.fetch(`http://internal.test:${internal.port}/v1/chat/completions`))
    expect(err.message).toBe('internal.test is a private or local address (127.0.0.1)')
    expect(internal.seen).toHaveLength(0)
  })

  it('is refused when any address of the name is private', async () => {
    const mixed = new OutboundGuard({
      privateAddresses: false,
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    })
    const err = await refusal(mixed.fetch(`http://mixed.test:${internal.port}/`))
    expect(err.message).toMatch(/mixed.test is a private or local address/)
    expect(internal.seen).toHaveLength(0)
  })

  it('is checked when made, whatever the name answered when the address was saved', async () => {
    const answers = ['93.184.215.14', '127.0.0.1']
    const rebinding = new OutboundGuard({
      privateAddresses: false,
      resolve: async () => [{ address: answers.shift() ?? '127.0.0.1', family: 4 }],
    })
    await expect(rebinding.checkUrlForSave(`http://rebind.test:${internal.port}/v1`)).resolves.toBeUndefined()
    const err = await refusal(rebinding.fetch(`http://rebind.test:${internal.port}/v1`))
    expect(err).toBeInstanceOf(OutboundRefusedError)
    expect(internal.seen).toHaveLength(0)
  })

  it("to an IP literal is refused on the address it reached, even through the guard's dispatcher alone", async () => {
    const err = await refusal(fetch(`${internal.origin}/secret`, { dispatcher: guard.dispatcher }))
    expect(err).toBeInstanceOf(OutboundRefusedError)
    expect(err.message).toMatch(/127\.0\.0\.1 is a private or local address/)
    expect(internal.seen).toHaveLength(0)
  })

  it('reaches this machine when the operator allows private addresses', async () => {
    const open = new OutboundGuard({ privateAddresses: true })
    expect(open.dispatcher).toBeUndefined()
    const res = await open.fetch(via('http://127.0.0.1:{internal}/secret'))
    expect(await res.text()).toBe('internal secret')
    expect(internal.seen).toHaveLength(1)
  })
})
