import { pino } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type App, buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import { createTestContext, type TestContext } from '../../test/harness.js'
import {
  MASS_ENV,
  MASS_SIM,
  massApi,
  massTenant,
  taskBody,
  textsTo,
  whileSettling,
} from './massSend.fixtures.js'

let ctx: TestContext
let other: App

beforeAll(async () => {
  ctx = await createTestContext(MASS_ENV, MASS_SIM)
  // a second server over the same database and the same network: another process sharing the work
  other = await buildApp({
    config: loadConfig({ ...MASS_ENV, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp' }),
    db: ctx.db,
    logger: pino({ level: 'silent' }),
    gateway: ctx.sim.gateway,
  })
  await other.app.ready()
})
afterAll(async () => {
  await other.app.close()
  await ctx.close()
})

it('two servers running one task send each sentence to each recipient once, in order', async () => {
  const t = await massTenant(ctx, 'shared', ['8613800000001', '8613800000002', '8613800000003'])
  const api = massApi(ctx)
  const to = Array.from({ length: 60 }, (_, i) => `4477009${String(i).padStart(5, '0')}`)
  const id = await api.create(
    t.boss,
    taskBody({
      accountIds: t.accounts,
      audience: { type: 'strangers', phones: to },
      sentences: [
        { type: 'text', text: 'A {phone}' },
        { type: 'text', text: 'B {phone}' },
      ],
    }),
  )
  let at = Date.now()
  ctx.massSend.engine.now = () => at
  other.massSend.engine.now = () => at
  const status = async () =>
    (
      await ctx.db
        .selectFrom('mass_send_tasks')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status
  for (let round = 0; round < 300 && (await status()) !== 'completed'; round++) {
    at += 100
    await whileSettling(ctx, Promise.all([ctx.massSend.engine.tick(), other.massSend.engine.tick()]))
    await Promise.all([ctx.messaging.dispatcher.tick(), other.messaging.dispatcher.tick()])
    await ctx.sim.settle(100)
  }
  expect(await status()).toBe('completed')
  for (const p of to) {
    const shop = t.shops.find((s) => textsTo(ctx, s, p).length > 0) as string
    expect(textsTo(ctx, shop, p), p).toEqual([`A ${p}`, `B ${p}`])
  }
  const owners = await ctx.db
    .selectFrom('mass_send_items as i')
    .innerJoin('messages as m', 'm.id', 'i.message_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('i.task_id', '=', id)
    .where('m.status', '=', 'sent')
    .executeTakeFirstOrThrow()
  expect(Number(owners.n)).toBe(120)
})
