/** Test data for the label tests: WS accounts, fans and sessions written straight to the database. */
import type { Db } from '../../db/index.js'

let phoneSeq = 0
/** A phone number no other test account uses (accounts' phones are unique across tenants). */
const nextPhone = () =>
  `86139${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`

/** A WS account of the tenant (not linked), optionally assigned to an agent. */
export async function seedAccount(
  db: Db,
  tenantId: number,
  agentUserId: number | null = null,
): Promise<number> {
  const now = Date.now()
  const row = await db
    .insertInto('ws_accounts')
    .values({
      tenant_id: tenantId,
      phone: nextPhone(),
      agent_user_id: agentUserId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * A fan of the account; with `session` a personal session too, migrated to `sessionAgent` when
 * given. Returns the fan id (and the session id).
 */
export async function seedFan(
  db: Db,
  tenantId: number,
  accountId: number,
  opts: { session?: boolean; sessionAgent?: number | null } = {},
): Promise<{ fanId: number; sessionId: number | null }> {
  const now = Date.now()
  const phone = nextPhone()
  const fan = await db
    .insertInto('fans')
    .values({
      tenant_id: tenantId,
      account_id: accountId,
      jid: `${phone}@s.whatsapp.net`,
      phone,
      lid: null,
      source: 'passive_add',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (opts.session === false) return { fanId: fan.id, sessionId: null }
  const session = await db
    .insertInto('sessions')
    .values({
      tenant_id: tenantId,
      account_id: accountId,
      type: 'personal',
      fan_id: fan.id,
      group_chat_id: null,
      last_activity_at: now,
      last_inbound_at: now,
      awaiting_reply_since: null,
      agent_user_id: opts.sessionAgent ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { fanId: fan.id, sessionId: session.id }
}
