import { DEFAULT_BUSINESS_HOURS, RISK_DEFAULTS, Role } from '@app/core'
import { deskClient } from '../../modules/desk/desk.fixtures.js'
import { multipartBody, pngFile } from '../../modules/materials/materials.fixtures.js'
import { aiOnBody } from '../../modules/tenantSettings/tenantSettings.fixtures.js'
import type { Signed, TestContext } from '../harness.js'
import { customerSession, drainOutbox } from '../messaging.js'

/**
 * A tenant with data of every kind, made the way users make it (the API and the simulated
 * network): linked WS accounts in a group, fans and personal and group sessions, messages with
 * media both ways, labels on fans, public and personal materials and groups, an acquisition
 * share, a deleted session, desk presence and read positions, a banned account whose fans were
 * handed over (fan inheritance), a mass send run to its end. Every text it writes carries its
 * marker and every phone is its own, so an answer that shows any of them shows this tenant.
 */

export interface TenantData {
  tenantId: number
  boss: Signed
  agent: Signed
  lead: Signed
  accounts: number[]
  sessions: number[]
  /** its marker: every text it wrote carries it */
  tag: string
  phones: { shop: string; shop2: string; shop3: string; customers: string[] }
  /** lower-case strings that appear only in this tenant's data: its marker and its phones */
  markers: string[]
}

/** The phones of tenant number `n` (1..9): two accounts, four customers. */
const phonesOf = (n: number) => ({
  shop: `8613${n}${n}0000001`,
  shop2: `8613${n}${n}0000002`,
  shop3: `8613${n}${n}0000003`,
  customers: [1, 2, 3, 4].map((i) => `4477${n}${n}00000${i}`),
})

const ok = (what: string, r: { code: number; msg: string; data: unknown }): unknown => {
  if (r.code !== 0) throw new Error(`${what}: ${r.code} ${r.msg}`)
  return r.data
}
const idOf = (data: unknown): number => (data as { id: number }).id

export async function seedTenant(ctx: TestContext, n: number): Promise<TenantData> {
  const tag = `zqx${n}mark`
  const { shop, shop2, shop3, customers } = phonesOf(n)
  const [c1, c2, c3, c4] = customers as [string, string, string, string]
  const tenantId = await ctx.tenant(tag)
  const boss = await ctx.as(tenantId, Role.customerMaster, `${tag}-boss`)
  const agent = await ctx.as(tenantId, Role.customerUser, `${tag}-agent`)
  const lead = await ctx.as(tenantId, Role.customerUserLeader, `${tag}-lead`)
  const api = deskClient(ctx)

  // accounts: one given to the agent, one in an account group with a remark
  const a1 = await ctx.linkAccount(tenantId, shop)
  const a2 = await ctx.linkAccount(tenantId, shop2)
  await ctx.db.updateTable('ws_accounts').set({ agent_user_id: agent.userId }).where('id', '=', a1).execute()
  const group = idOf(
    ok('account group', await api.post(boss, '/damai/customer/wsAccountGroup', { name: `${tag}-group` })),
  )
  ok('group', await api.put(boss, '/damai/customer/wsAccount/group', { ids: [a2], groupId: group }))
  ok(
    'remark',
    await api.put(boss, '/damai/customer/wsAccount/remark', { ids: [a1, a2], remark: `${tag} remark` }),
  )

  // customers write: text, an image, a document; a group chat with members
  for (const c of customers) ctx.sim.network.addPhone(c, { name: `${tag} ${c.slice(-1)}` })
  const s1 = await customerSession(ctx, c1, shop)
  ctx.sim.network.customerSend(c2, shop, { kind: 'image', data: pngFile(20, 20), caption: `${tag} photo` })
  ctx.sim.network.customerSend(c3, shop2, {
    kind: 'document',
    data: Buffer.from(`%PDF-1.4\n${tag} document\n%%EOF\n`),
    mimetype: 'application/pdf',
    fileName: `${tag}.pdf`,
  })
  const g = ctx.sim.network.createGroup(c1, `${tag} chat`, [shop, c2])
  await ctx.sim.settle()
  ctx.sim.network.customerSendGroup(c2, g.id, { kind: 'text', text: `${tag} in the group` })
  await ctx.sim.settle(1_000)
  const s4 = await customerSession(ctx, c4, shop2)
  const sessions = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'fan_id', 'group_chat_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute()
  const groupSession = sessions.find((s) => s.group_chat_id !== null)?.id as number
  const fans = sessions.flatMap((s) => (s.fan_id === null ? [] : [s.fan_id]))

  // the agent at the desk answers: a text, a file, a read receipt
  ok('desk', await api.post(agent, '/damai/customer/desk/enter', {}))
  ok(
    'send',
    await api.post(agent, '/damai/customer/user/sendChatMessage', {
      sessionId: s1,
      type: 'text',
      text: `${tag} answer`,
    }),
  )
  const file = { name: `${tag}.txt`, data: Buffer.from(`${tag} sent file`) }
  ok('upload', await api.upload(agent, { sessionId: s1, chatType: 11 }, file))
  await drainOutbox(ctx)
  ok('read', await api.post(agent, '/damai/customer/user/sendReadToFriendForChat', { sessionId: s1 }))
  ok(
    'pin',
    await api.put(boss, '/damai/customer/session/flag', { sessionId: s1, flag: 'pinned', value: true }),
  )
  ok(
    'fan',
    await api.put(boss, '/damai/customer/session/fan', {
      sessionId: s1,
      nickname: `${tag} nick`,
      remark: `${tag} note`,
    }),
  )
  ok(
    'migrate',
    await api.put(boss, '/damai/customer/session/migrate', { sessionId: s4, userId: agent.userId }),
  )
  ok(
    'group remark',
    await api.put(boss, '/damai/customer/group/remark', { sessionId: groupSession, note: `${tag} note` }),
  )
  ok('system groups', await api.put(agent, '/damai/customer/group/systemGroups', { show: true }))
  ok('language', await api.put(agent, '/damai/customer/user/targetLanguage', { targetLanguage: 'en' }))
  // an internal note mentioning the supervisor, and a conversation set aside until tomorrow
  ok(
    'note',
    await api.post(agent, '/damai/customer/session/note', {
      sessionId: s1,
      text: `${tag} internal note`,
      mentionUserIds: [boss.userId],
    }),
  )
  ok(
    'status',
    await api.put(boss, '/damai/customer/session/status', {
      sessionIds: [s4],
      status: 'snoozed',
      snoozeUntil: Date.now() + 86_400_000,
    }),
  )

  // a deleted customer, kept as a deletion record
  const gone = await customerSession(ctx, c4, shop)
  ok(
    'invalid',
    await api.put(boss, '/damai/customer/session/flag', { sessionId: gone, flag: 'invalid', value: true }),
  )
  ok(
    'delete',
    await api.del(boss, '/damai/customer/session', { sessionId: String(gone), reason: `${tag} gone` }),
  )

  // labels on fans
  const label = idOf(ok('label', await api.post(boss, '/damai/customer/label', { name: `${tag}label` })))
  ok('fan labels', await api.post(boss, '/damai/customer/label/fan/add', { fanIds: fans, labelIds: [label] }))

  // materials: a public group and text, a personal group and file of the agent
  const pubGroup = idOf(
    ok(
      'material group',
      await api.post(boss, '/damai/customer/materialGroup', { ownerType: 1, name: `${tag}-pub` }),
    ),
  )
  const myGroup = idOf(
    ok(
      'personal group',
      await api.post(agent, '/damai/customer/materialGroup', { ownerType: 2, name: `${tag}-own` }),
    ),
  )
  const text = { type: 'text', text: `${tag} material` }
  ok(
    'material',
    await api.post(boss, '/damai/customer/material', {
      ownerType: 1,
      groupId: pubGroup,
      name: `${tag}pub`,
      content: text,
    }),
  )
  const form = multipartBody({ type: 'file' }, [
    { name: `${tag}.txt`, data: Buffer.from(`${tag} material file`) },
  ])
  const up = await ctx.call('POST', '/damai/customer/material/upload', {
    token: agent.token,
    body: form.body,
    headers: { 'content-type': form.contentType },
  })
  const mediaId = (ok('material upload', up) as { mediaId: number }).mediaId
  const fileContent = { type: 'file', mediaId, fileName: `${tag}.txt` }
  ok(
    'personal material',
    await api.post(agent, '/damai/customer/material', {
      ownerType: 2,
      groupId: myGroup,
      name: `${tag}own`,
      content: fileContent,
    }),
  )

  // an acquisition share of the first account
  ok('share', await api.post(boss, '/damai/customer/wsAccount/acquisitionShare', { accountIds: [a1] }))
  // a merchant code, an order template and the accounts' profiles (their proxy areas)
  ok(
    'merchant code',
    await api.post(boss, '/damai/customer/merchantCode', {
      name: `${tag} supplier`,
      quota: 5,
      expiresAt: null,
    }),
  )
  ok(
    'order template',
    await api.post(boss, '/damai/customer/orderTemplate', {
      name: `${tag}tpl`,
      content: `${tag} {nickname}`,
    }),
  )
  ok('profiles', await api.post(boss, '/damai/customer/wsAccount/profile/list', { accountIds: [a1, a2] }))
  // a diversion link whose visitor wrote in (a visit and an attributed fan), and a shared counter
  const link = ok(
    'diversion link',
    await api.post(boss, '/damai/customer/diversionLink', {
      name: `${tag} ads`,
      greeting: `${tag} hi`,
      accounts: [{ accountId: a2 }],
    }),
  ) as { code: string }
  const visit = await ctx.app.inject({ method: 'GET', url: `/s?c=${link.code}` })
  const prefilled = new URL(String(visit.headers.location)).searchParams.get('text') ?? ''
  ctx.sim.network.customerSend(`4477${n}${n}000009`, shop2, { kind: 'text', text: prefilled })
  await ctx.sim.settle(100)
  await ctx.diversion.settled()
  const counter = idOf(
    ok(
      'counter',
      await api.post(boss, '/damai/customer/counter', {
        name: `${tag} supplier`,
        accountIds: [a1],
        startAt: 0,
        endAt: Date.now() + 86_400_000,
      }),
    ),
  )
  ok('counter share', await api.post(boss, '/damai/customer/counter/share', { id: counter }))
  // a lost account whose fans were handed to the first account (fan inheritance)
  const a3 = await ctx.linkAccount(tenantId, shop3)
  await customerSession(ctx, c1, shop3)
  await customerSession(ctx, c3, shop3)
  ctx.sim.network.ban(shop3)
  await ctx.sim.settle()
  ok(
    'inherit',
    await api.post(boss, '/damai/customer/fanInheritance', { accountId: a3, toAccountId: a1, mode: 'all' }),
  )

  // a mass send to the labelled customers, run to its end: a task with its recipients, lanes, sends and log
  const massSend = idOf(
    ok(
      'mass send',
      await api.post(boss, '/damai/customer/massSend', {
        name: `${tag} promo`,
        kind: 'personal',
        method: 'one_by_one',
        audience: { type: 'customers', includeLabelIds: [label] },
        sentences: [{ type: 'text', text: `${tag} offer` }],
        sentenceInterval: { min: 0, max: 0 },
        customerInterval: { min: 0, max: 0 },
        sendCount: { min: 1, max: 1 },
      }),
    ),
  )
  for (let round = 0; round < 50; round++) {
    const task = await ctx.db
      .selectFrom('mass_send_tasks')
      .select('status')
      .where('id', '=', massSend)
      .executeTakeFirstOrThrow()
    if (task.status === 'completed') break
    await ctx.massSend.engine.tick()
    await drainOutbox(ctx)
  }
  // keyword auto-reply: a public rule of the supervisor, a personal one of the agent, and a customer answered
  const autoReplyRule = (classification: string) => ({
    name: `${tag} ${classification} reply`,
    classification,
    audience: 'all',
    replyType: 'all',
    matchMode: 'half',
    keywords: [`${tag}kw`],
    replyLimit: 5,
    sentences: [{ type: 'text', text: `${tag} auto answer` }],
    enabled: true,
  })
  ok('auto reply', await api.post(boss, '/damai/customer/autoReply', autoReplyRule('public')))
  ok('auto reply (agent)', await api.post(agent, '/damai/customer/autoReply', autoReplyRule('personal')))
  ctx.sim.network.customerSend(c2, shop, { kind: 'text', text: `${tag}kw please` })
  await ctx.sim.settle(100)
  await ctx.autoReply.engine.settled()
  await drainOutbox(ctx)
  // tenant settings with an AI provider (nothing listens there: its call fails and is counted), AI
  // reply on for the first customer, whose next message leaves a pending answer
  ok(
    'tenant settings',
    await api.put(boss, '/damai/customer/tenantSetting/update', {
      ...aiOnBody('http://8.8.8.8:9/v1', { apiKey: `sk-${tag}-key`, systemPrompt: `${tag} prompt` }),
      pageTitle: `${tag} desk`,
      optOutWords: [`${tag}stop`],
    }),
  )
  ok(
    'ai reply',
    await api.put(agent, '/damai/customer/session/flag', { sessionId: s1, flag: 'aiReply', value: true }),
  )
  ctx.sim.network.customerSend(c1, shop, { kind: 'text', text: `${tag} question` })
  await ctx.sim.settle(100)
  await ctx.aiReply.service.settled()
  await ctx.aiReply.engine.tick(Date.now() + 60_000)
  ctx.sim.network.customerSend(c1, shop, { kind: 'text', text: `${tag} again` })
  await ctx.sim.settle(100)
  await ctx.aiReply.service.settled()
  // risk: a saved config whose keyword refuses one desk send, which raises a warning and counts a failure
  ok(
    'risk config',
    await api.put(boss, '/damai/customer/risk/config', {
      limits: { ...RISK_DEFAULTS, warmupDays: 0 },
      keywords: [`${tag}blocked`],
      utcOffset: 0,
    }),
  )
  await ctx.messaging.outbox.enqueue({
    tenantId,
    sessionId: s1,
    content: { type: 'text', text: `${tag}blocked offer` },
    requestedBy: boss.userId,
  })
  await drainOutbox(ctx)
  await ctx.risk.warnings.raise(tenantId, a1, 'limit_hit', { rule: 'perMinute' })
  // dashboards: everything above rolled up, so /dataStatistics answers with this tenant's accounts and people
  await ctx.statistics.engine.catchUp(Date.now() + 60_000)
  // a status post from both accounts, made by the dynamics engine: its parts and their viewers
  ok(
    'status post',
    await api.post(boss, '/damai/customer/dynamic', {
      kind: 'text',
      text: `${tag} status`,
      accountIds: [a1, a2],
    }),
  )
  await ctx.dynamics.engine.drain()
  // service settings whose texts are markers, and a conversation resolved, surveyed and rated
  const sla = { firstResponseMinutes: 7, nextResponseMinutes: 17, enabled: true }
  ok('service level', await api.put(boss, '/damai/customer/serviceLevel/update', sla))
  ok(
    'business hours',
    await api.put(boss, '/damai/customer/businessHours/update', {
      ...DEFAULT_BUSINESS_HOURS,
      holidays: ['2030-01-01'],
      awayMessage: `${tag} away`,
    }),
  )
  ok(
    'satisfaction',
    await api.put(boss, '/damai/customer/satisfaction/update', {
      enabled: true,
      question: { zh: `${tag} 满意吗`, en: `${tag} rate us` },
      language: 'en',
    }),
  )
  ok(
    'resolve',
    await api.put(agent, '/damai/customer/session/status', { sessionIds: [s1], status: 'resolved' }),
  )
  await ctx.support.surveys.settled()
  await drainOutbox(ctx)
  ctx.sim.network.customerSend(c1, shop, { kind: 'text', text: '5' })
  await ctx.sim.settle(100)
  await ctx.support.answers.settled()
  // receipts of what was sent arrive on the network's clock: a read comes up to a minute after
  // its delivery, so two minutes pass and nothing of this tenant is still on its way afterwards
  await ctx.desk.settled()
  await ctx.sim.settle(60_000)
  await ctx.sim.settle(60_000)
  return {
    tenantId,
    boss,
    agent,
    lead,
    accounts: [a1, a2],
    sessions: sessions.map((s) => s.id),
    tag,
    phones: { shop, shop2, shop3, customers },
    markers: [tag, shop, shop2, shop3, ...customers],
  }
}
