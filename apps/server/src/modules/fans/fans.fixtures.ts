/** Test data for the customers list: fans with every field the list filters on, written straight to the database. */
import type { FanSourceValue } from '@app/core'
import type { Db } from '../../db/index.js'

let seq = 0
/** A phone no other test fan uses. */
export const fanPhone = () =>
  `44790${String(process.pid % 10_000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`

export interface FanSeed {
  phone?: string | null
  nickname?: string
  pushName?: string
  remark?: string
  source?: FanSourceValue
  country?: string
  createdAt?: number
  repeat?: boolean
  /** the fan it was copied from by an inheritance */
  inheritedFrom?: number
  invalid?: boolean
  massSend?: boolean
  /** a personal session too (default true) */
  session?: boolean
  /** the agent the session was migrated to */
  sessionAgent?: number | null
  lastActivityAt?: number
}

/** A fan of the account, with its session unless told otherwise. */
export async function seedFanRow(
  db: Db,
  tenantId: number,
  accountId: number,
  o: FanSeed = {},
): Promise<{ fanId: number; sessionId: number | null }> {
  const now = o.createdAt ?? Date.now()
  const phone = o.phone === undefined ? fanPhone() : o.phone
  // without a phone the fan is one WhatsApp shows only by its hidden id, keyed by it
  const lid = phone ? null : `${fanPhone()}@lid`
  const fan = await db
    .insertInto('fans')
    .values({
      tenant_id: tenantId,
      account_id: accountId,
      jid: phone ? `${phone}@s.whatsapp.net` : (lid as string),
      phone,
      lid,
      push_name: o.pushName ?? '',
      nickname: o.nickname ?? '',
      remark: o.remark ?? '',
      source: o.source ?? 'passive_add',
      country: o.country ?? '',
      repeat_flag: o.repeat ? 1 : 0,
      inherited_from: o.inheritedFrom ?? null,
      invalid: o.invalid ? 1 : 0,
      mass_send_enabled: o.massSend === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (o.session === false) return { fanId: fan.id, sessionId: null }
  const session = await db
    .insertInto('sessions')
    .values({
      tenant_id: tenantId,
      account_id: accountId,
      type: 'personal',
      fan_id: fan.id,
      group_chat_id: null,
      last_activity_at: o.lastActivityAt ?? now,
      last_inbound_at: null,
      awaiting_reply_since: null,
      agent_user_id: o.sessionAgent ?? null,
      invalid: o.invalid ? 1 : 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { fanId: fan.id, sessionId: session.id }
}

export async function seedLabel(
  db: Db,
  tenantId: number,
  name: string,
  createdBy: number,
  createdAt = Date.now(),
): Promise<number> {
  const row = await db
    .insertInto('labels')
    .values({
      tenant_id: tenantId,
      name,
      name_key: name.toLowerCase(),
      created_by: createdBy,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function labelFans(db: Db, tenantId: number, labelId: number, fanIds: number[]): Promise<void> {
  await db
    .insertInto('fan_labels')
    .values(
      fanIds.map((fan_id) => ({ tenant_id: tenantId, fan_id, label_id: labelId, created_at: Date.now() })),
    )
    .execute()
}

/** An account group of the tenant holding the accounts. */
export async function seedAccountGroup(
  db: Db,
  tenantId: number,
  name: string,
  accountIds: number[],
): Promise<number> {
  const g = await db
    .insertInto('account_groups')
    .values({ tenant_id: tenantId, name, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('ws_accounts').set({ group_id: g.id }).where('id', 'in', accountIds).execute()
  return g.id
}
