import { FanSource, MessageStatus, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { phoneToJid } from '../../gateway/jid.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { sessionReadsMergePart } from '../desk/session-reads-merge.js'
import { messagesMergePart } from '../messages/message-merge.js'
import { outboxMergePart } from '../outbox/outbox-merge.js'
import { SessionDirectory } from '../sessions/index.js'
import { SessionMerge } from '../sessions/session-merge.js'
import { FanIdentities } from './fan-identity.js'
import { recordOf } from './fan-merges.repository.js'
import { FansRepository } from './fans.repository.js'
import { InheritanceRepository } from './inheritance.repository.js'

/**
 * Two customers of one person (a phone customer the desk started, and the same person writing in
 * by WhatsApp's hidden id with the phone left out) merged when the simulated network reveals the
 * phone, and split back from the merge's record.
 */

let ctx: TestContext
let tenant: number
let account: number
let agent: number
const SHOP = '8613800000021'
const ALICE = '447700900021'
const emitted: { event: string; payload: Record<string, unknown> }[] = []
const identities = new FanIdentities(new SessionMerge(), [
  messagesMergePart,
  outboxMergePart,
  sessionReadsMergePart,
])

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('merge')
  agent = (await ctx.as(tenant, Role.customerUser, 'merge-agent')).userId
  account = await ctx.linkAccount(tenant, SHOP)
  ctx.sim.network.addPhone(ALICE, { name: 'Alice' })
  ctx.messaging.hub.observe((_rooms, event, payload) =>
    emitted.push({ event, payload: payload as Record<string, unknown> }),
  )
})
afterAll(() => ctx.close())

const fans = () =>
  ctx.db.selectFrom('fans').selectAll().where('account_id', '=', account).orderBy('id').execute()
const sessionOf = (id: number) =>
  ctx.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst()
const messagesOf = (sessionId: number) =>
  ctx.db.selectFrom('messages').selectAll().where('session_id', '=', sessionId).orderBy('id').execute()
const labelsOf = async (fanId: number) =>
  (await ctx.db.selectFrom('fan_labels').select('label_id').where('fan_id', '=', fanId).execute()).map(
    (l) => l.label_id,
  )
const readOf = (sessionId: number) =>
  ctx.db
    .selectFrom('session_reads')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('user_id', '=', agent)
    .executeTakeFirst()

describe('merging two customers of one person, and splitting them back', () => {
  let phoneFan: number
  let phoneSession: number
  let hiddenFan: number
  let hiddenSession: number
  let label: number
  let queued: number
  let mergeId: number

  it('keeps a customer by phone and the same person writing in by hidden id apart until the phone is known', async () => {
    const t0 = Date.now() - 60_000
    // the desk started a chat by phone: the hidden id is not known
    const { fan } = await new FansRepository().upsert(
      ctx.db,
      tenant,
      account,
      { jid: phoneToJid(ALICE), phone: ALICE, lid: null, pushName: '' },
      FanSource.activeAdd,
      t0,
    )
    phoneFan = fan.id
    await new FansRepository().update(ctx.db, tenant, phoneFan, { remark: 'prefers email' })
    const sessions = new SessionDirectory(ctx.db)
    phoneSession = (await sessions.openPersonal(ctx.db, tenant, account, phoneFan, t0)).session.id
    await ctx.db
      .insertInto('messages')
      .values(ownMessage(phoneSession, 'OURS-1', 'hi from us', t0 + 1))
      .execute()
    await sessions.recordMessage(ctx.db, tenant, phoneSession, {
      timestamp: t0 + 1,
      preview: 'hi from us',
      unread: false,
      inbound: false,
    })

    // WhatsApp shows her to the account by hidden id only (the /sim page's control); never the account's own number
    const refused = await ctx.call('POST', '/damai/sim/addressing', {
      body: { phone: SHOP, addressing: 'lid-hidden' },
    })
    expect(refused.code).not.toBe(0)
    const set = await ctx.call('POST', '/damai/sim/addressing', {
      body: { phone: ALICE, addressing: 'lid-hidden' },
    })
    expect(set).toMatchObject({ code: 0, data: { number: ALICE, addressing: 'lid-hidden' } })
    ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'hello?' })
    ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'anyone there' })
    await ctx.sim.settle(1_000)
    const all = await fans()
    expect(all).toHaveLength(2)
    const hidden = all.find((f) => f.id !== phoneFan)
    expect(hidden).toMatchObject({ phone: null, jid: hidden?.lid })
    hiddenFan = hidden?.id as number
    const s = await ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('fan_id', '=', hiddenFan)
      .executeTakeFirstOrThrow()
    hiddenSession = s.id
    expect(s.unread_count).toBe(2)

    // what the hidden customer has: a remark, a label, a queued send, the agent's read mark
    await new FansRepository().update(ctx.db, tenant, hiddenFan, { remark: 'vip' })
    label = (
      await ctx.db
        .insertInto('labels')
        .values({
          tenant_id: tenant,
          name: 'Lead',
          name_key: 'lead',
          created_by: agent,
          created_at: t0,
          updated_at: t0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    await ctx.db
      .insertInto('fan_labels')
      .values({ tenant_id: tenant, fan_id: hiddenFan, label_id: label, created_at: t0 })
      .execute()
    const own = await ctx.db
      .insertInto('messages')
      .values({
        ...ownMessage(hiddenSession, 'OURS-2', 'queued reply', Date.now()),
        status: MessageStatus.requested,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    queued = (
      await ctx.db
        .insertInto('outbox')
        .values({
          tenant_id: tenant,
          account_id: account,
          session_id: hiddenSession,
          message_id: own.id,
          to_jid: hidden?.jid as string,
          content: JSON.stringify({ type: 'text', text: 'queued reply' }),
          wa_message_id: 'OURS-2',
          origin: 'manual',
          state: 'queued',
          due_at: Date.now() + 3_600_000,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    await ctx.db
      .insertInto('session_reads')
      .values({
        tenant_id: tenant,
        session_id: hiddenSession,
        user_id: agent,
        last_read_message_id: null,
        read_count: 1,
        updated_at: t0,
      })
      .execute()
  })

  it('merges them into the older customer when WhatsApp reveals the phone: one session, every row moved, counters joined', async () => {
    const before = emitted.length
    const revealed = await ctx.call('POST', '/damai/sim/reveal', { body: { phone: ALICE } })
    // from now on WhatsApp gives her phone alongside the hidden id
    expect(revealed).toMatchObject({ code: 0, data: { addressing: 'lid' } })
    await ctx.sim.settle(1_000)

    const [survivor, ...rest] = await fans()
    expect(rest).toHaveLength(0)
    expect(survivor).toMatchObject({
      id: phoneFan,
      jid: phoneToJid(ALICE),
      phone: ALICE,
      remark: 'prefers email / vip',
      source: FanSource.activeAdd,
    })
    expect(survivor?.lid).toMatch(/@lid$/)
    expect(await labelsOf(phoneFan)).toEqual([label])

    expect(await sessionOf(hiddenSession)).toBeUndefined()
    const joined = await sessionOf(phoneSession)
    expect(joined).toMatchObject({
      unread_count: 2,
      last_message: 'anyone there',
      awaiting_reply_since: null,
    })
    expect((await messagesOf(phoneSession)).map((m) => m.body)).toEqual([
      'hi from us',
      'hello?',
      'anyone there',
      'queued reply',
    ])
    const outbox = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', queued)
      .executeTakeFirstOrThrow()
    expect(outbox.session_id).toBe(phoneSession)
    expect(await readOf(phoneSession)).toMatchObject({ read_count: 1 })

    const merge = await ctx.db
      .selectFrom('fan_merges')
      .selectAll()
      .where('into_fan_id', '=', phoneFan)
      .executeTakeFirstOrThrow()
    expect(merge).toMatchObject({ from_fan_id: hiddenFan, from_session_id: hiddenSession, source: 'mapping' })
    expect((recordOf(merge).rows.messages as number[]).length).toBe(3)
    mergeId = merge.id

    const events = emitted.slice(before)
    expect(events).toContainEqual({
      event: 'session.removed',
      payload: { sessionId: hiddenSession, reason: 'merged', intoSessionId: phoneSession },
    })
    expect(events).toContainEqual({
      event: 'session.updated',
      payload: expect.objectContaining({
        sessionId: phoneSession,
        changes: expect.objectContaining({ fanPhone: ALICE }),
      }),
    })
  })

  it('the next message of the person, by hidden id or by phone, goes to the one session', async () => {
    ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'still me' })
    ctx.sim.network.setAddressing(ALICE, 'phone')
    ctx.sim.network.customerSend(ALICE, SHOP, { kind: 'text', text: 'and by phone' })
    await ctx.sim.settle(1_000)
    expect(await fans()).toHaveLength(1)
    expect((await messagesOf(phoneSession)).map((m) => m.body).slice(-2)).toEqual([
      'still me',
      'and by phone',
    ])
  })

  it('splits them back from the record: both customers, sessions, messages, labels, sends and reads as they were', async () => {
    await ctx.db.transaction().execute((tx) => identities.unmerge(tx, tenant, mergeId, Date.now()))
    const all = await fans()
    expect(all.map((f) => f.id)).toEqual([phoneFan, hiddenFan])
    expect(all[0]).toMatchObject({ phone: ALICE, lid: null, remark: 'prefers email' })
    expect(all[1]).toMatchObject({ phone: null, remark: 'vip' })
    expect(all[1]?.jid).toBe(all[1]?.lid)
    expect(await labelsOf(phoneFan)).toEqual([])
    expect(await labelsOf(hiddenFan)).toEqual([label])
    expect((await messagesOf(hiddenSession)).map((m) => m.body)).toEqual([
      'hello?',
      'anyone there',
      'queued reply',
    ])
    // what arrived after the merge stays with the session that took it
    expect((await messagesOf(phoneSession)).map((m) => m.body)).toEqual([
      'hi from us',
      'still me',
      'and by phone',
    ])
    expect(await sessionOf(hiddenSession)).toMatchObject({ fan_id: hiddenFan, unread_count: 2 })
    const outbox = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', queued)
      .executeTakeFirstOrThrow()
    expect(outbox.session_id).toBe(hiddenSession)
    expect(await readOf(hiddenSession)).toMatchObject({ read_count: 1 })
    expect(await readOf(phoneSession)).toMatchObject({ read_count: 0 })
    const merge = await ctx.db
      .selectFrom('fan_merges')
      .selectAll()
      .where('id', '=', mergeId)
      .executeTakeFirstOrThrow()
    expect(merge.unmerged_at).not.toBeNull()
    // a split is done once
    expect(
      await ctx.db.transaction().execute((tx) => identities.unmerge(tx, tenant, mergeId, Date.now())),
    ).toBe(false)
  })
})

function ownMessage(sessionId: number, waId: string, body: string, timestamp: number) {
  return {
    tenant_id: tenant,
    account_id: account,
    session_id: sessionId,
    wa_message_id: waId,
    from_me: 1,
    sender_jid: '',
    type: 'text',
    delivery: 'none',
    body,
    media_id: null,
    meta: '{}',
    quoted_wa_id: null,
    quoted_preview: null,
    status: MessageStatus.sent,
    failure_reason: null,
    origin: 'manual',
    requested_by: null,
    timestamp,
    created_at: timestamp,
  }
}

describe('handing customers over to an account that knows the person by the other address', () => {
  it('does not copy a phone customer onto an account that has the person by hidden id only: flagged repeat, handed to that one', async () => {
    const other = await ctx.linkAccount(tenant, '8613800000022')
    const lid = '777000000000021@lid'
    const now = Date.now()
    const hidden = await ctx.db
      .insertInto('fans')
      .values({
        tenant_id: tenant,
        account_id: other,
        jid: lid,
        phone: null,
        lid,
        source: 'passive_add',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const source = await ctx.db
      .insertInto('fans')
      .values({
        tenant_id: tenant,
        account_id: account,
        jid: phoneToJid('447700900099'),
        phone: '447700900099',
        lid,
        source: 'passive_add',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const handed = await ctx.db
      .transaction()
      .execute((tx) =>
        new InheritanceRepository(ctx.db).copy(
          tx,
          tenant,
          other,
          [{ ...source, last_activity_at: null }],
          now,
        ),
      )
    expect(handed.get(source.id)).toMatchObject({ fanId: hidden.id, copied: false })
    const onOther = await ctx.db.selectFrom('fans').selectAll().where('account_id', '=', other).execute()
    expect(onOther.map((f) => ({ id: f.id, repeat: f.repeat_flag }))).toEqual([{ id: hidden.id, repeat: 1 }])
  })
})
