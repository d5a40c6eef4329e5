import {
  type HistoryConversationView,
  type HistoryOptionsView,
  type HistorySearchPage,
  ChatHistoryPath as P,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { pngFile } from '../materials/materials.fixtures.js'
import { customerWrites, type HistoryTenant, historyTenant } from './history.fixtures.js'

/**
 * The team lead reads the tenant's chat history and nothing of the desk: every call its chat
 * history page makes answers it (search, options, the conversation of a hit, the files of its
 * messages, the export), while the desk's reads of the same conversation answer 403.
 */
let ctx: TestContext
let t: HistoryTenant
const CUSTOMER = '447700300001'
const photo = pngFile(32, 24)

beforeAll(async () => {
  ctx = await createTestContext()
  t = await historyTenant(ctx, 'leadco', 3)
  await customerWrites(ctx, t, CUSTOMER, 'Dana Lead', 0, 'Do you ship the garnet lamp abroad?')
  ctx.sim.network.customerSend(CUSTOMER, t.shops[0], {
    kind: 'image',
    data: photo,
    caption: 'garnet lamp here',
  })
  await ctx.sim.settle(100)
})
afterAll(() => ctx.close())

describe("the team lead's chat history", () => {
  it('searches, opens the conversation of a hit and sees its files, read-only', async () => {
    const token = t.lead.token
    const options = await ctx.call('GET', P.options, { token })
    expect(options.code).toBe(0)
    expect((options.data as HistoryOptionsView).accounts.map((a) => a.id).sort()).toEqual(
      [...t.accounts].sort(),
    )

    const found = await ctx.call('POST', P.search, { token, body: { keyword: 'garnet' } })
    expect(found.code).toBe(0)
    const hits = (found.data as HistorySearchPage).list
    expect(hits.map((h) => h.body)).toEqual(['garnet lamp here', 'Do you ship the garnet lamp abroad?'])

    const around = await ctx.call('POST', P.conversation, { token, body: { messageId: hits[1]?.id } })
    expect(around.code).toBe(0)
    const view = around.data as HistoryConversationView
    const image = view.list.find((m) => m.type === 'image')
    expect(image?.mediaUrl).toBe(`/damai/customer/user/chatMedia/${image?.id}`)
    const file = await ctx.call('GET', image?.mediaUrl ?? '', { token })
    expect(file.res.statusCode).toBe(200)
    expect(file.res.headers['content-type']).toBe('image/png')
    expect(file.res.rawPayload.equals(photo)).toBe(true)

    const sheet = await ctx.call('POST', P.export, {
      token,
      body: { keyword: 'garnet', utcOffsetMinutes: 0 },
    })
    expect(sheet.res.headers['content-type']).toContain('spreadsheetml')

    // the same conversation through the desk: refused, reads and writes alike
    const sessionId = view.sessionId
    for (const [url, body] of [
      ['/damai/customer/user/getSessionChatMessages', { sessionId }],
      ['/damai/customer/session/detail', { sessionId }],
      ['/damai/customer/session/page', {}],
      ['/damai/customer/user/sendReadToFriendForChat', { sessionId }],
      ['/damai/customer/user/sendChatMessage', { sessionId, type: 'text', text: 'hello' }],
    ] as const) {
      expect((await ctx.call('POST', url, { token, body })).code, url).toBe(403)
    }
  })
})
