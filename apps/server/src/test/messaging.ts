import type { TestContext } from './harness.js'

/** Every realtime event the app emits, recorded in order. */
export function recordEvents(ctx: TestContext) {
  const events: { rooms: string[]; event: string; payload: Record<string, unknown> }[] = []
  ctx.messaging.hub.observe((rooms, event, payload) =>
    events.push({ rooms, event, payload: payload as Record<string, unknown> }),
  )
  return events
}

/** A session opened by a customer writing in to an account's phone; returns its id. */
export async function customerSession(
  ctx: TestContext,
  customer: string,
  accountPhone: string,
): Promise<number> {
  ctx.sim.network.customerSend(customer, accountPhone, { kind: 'text', text: 'hi' })
  await ctx.sim.settle(100)
  const row = await ctx.db
    .selectFrom('sessions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
    .select('s.id')
    .where('f.phone', '=', customer)
    .where('a.phone', '=', accountPhone)
    .executeTakeFirstOrThrow()
  return row.id
}

/** Run the dispatcher until nothing is due, then let the network answer. */
export async function drainOutbox(ctx: TestContext): Promise<void> {
  while (await ctx.messaging.dispatcher.tick()) {}
  await ctx.sim.settle(100)
}
