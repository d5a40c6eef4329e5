import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ApiKeyCreated, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { drainOutbox } from '../../test/messaging.js'
import { publicApiClient } from '../../test/public-api-client.js'
import { pngFile } from '../materials/materials.fixtures.js'

const SHOP = '8613800000077'
const CUSTOMER = '447700944001'

let ctx: TestContext
let client: ReturnType<typeof publicApiClient>
let files: http.Server
let base: string
let fenced: TestContext

const serveFiles = () =>
  http.createServer((req, res) => {
    if (req.url === '/catalogue.png') res.writeHead(200, { 'content-type': 'image/png' }).end(pngFile(40, 30))
    else if (req.url === '/fake.png') res.writeHead(200).end('not a picture')
    else res.writeHead(404).end()
  })

const keyFor = async (c: TestContext, account: string) => {
  const tenant = await c.tenant(account)
  const boss = await c.as(tenant, Role.customerMaster, `${account}-boss`)
  await c.linkAccount(tenant, SHOP)
  const made = await c.call('POST', '/damai/customer/apiKey', {
    token: boss.token,
    body: { name: 'media', scopes: ['read', 'send'] },
  })
  return (made.data as ApiKeyCreated).secret
}

beforeAll(async () => {
  files = serveFiles()
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`
  ctx = await createTestContext(
    { SEND_RATE_PER_MINUTE: '6000', SEND_BURST: '1000' },
    { simRoutes: false, outbound: new OutboundGuard({ privateAddresses: true }) },
  )
  client = publicApiClient(ctx.app, await keyFor(ctx, 'media'))
  fenced = await createTestContext(
    {},
    { simRoutes: false, outbound: new OutboundGuard({ privateAddresses: false }) },
  )
})
afterAll(async () => {
  await ctx.close()
  await fenced.close()
  await new Promise((r) => files.close(r))
})

describe('POST /api/v1/messages with a file by its address', () => {
  it('fetches the picture, checks it like an upload and sends it with its caption', async () => {
    const { data, response, error } = await client.POST('/messages', {
      body: {
        phone: CUSTOMER,
        message: { type: 'media', kind: 'image', url: `${base}/catalogue.png`, caption: 'New in' },
      },
    })
    expect(response.status, JSON.stringify(error)).toBe(201)
    expect(data?.type).toBe('image')
    await drainOutbox(ctx)
    const got = ctx.sim.network.messagesBetween(SHOP, CUSTOMER).filter((m) => m.from === SHOP)
    expect(got).toHaveLength(1)
  })

  it('refuses what is not the kind it says, and an address that does not answer with a file', async () => {
    const fake = await client.POST('/messages', {
      body: { phone: CUSTOMER, message: { type: 'media', kind: 'image', url: `${base}/fake.png` } },
    })
    expect(fake.response.status).toBe(422)
    const missing = await client.POST('/messages', {
      body: { phone: CUSTOMER, message: { type: 'media', kind: 'file', url: `${base}/none.pdf` } },
    })
    expect(missing.response.status).toBe(422)
    expect(JSON.stringify(missing.error)).toContain('HTTP 404')
  })

  it('refuses an address on this machine unless the operator allows it', async () => {
    const guarded = publicApiClient(fenced.app, await keyFor(fenced, 'media-fenced'))
    const r = await guarded.POST('/messages', {
      body: { phone: CUSTOMER, message: { type: 'media', kind: 'image', url: `${base}/catalogue.png` } },
    })
    expect(r.response.status).toBe(422)
    expect(fenced.sim.network.messagesBetween(SHOP, CUSTOMER)).toHaveLength(0)
  })
})
