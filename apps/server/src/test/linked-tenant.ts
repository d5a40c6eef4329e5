import { Role } from '@app/core'
import type { Db } from '../db/index.js'
import { KyselyAuthStateStore } from '../gateway/baileys/auth-store.js'
import { linkStoreOnAuthStore } from '../gateway/simulator/link-store.js'
import { hashPassword } from '../modules/auth/password.js'

export interface LinkedTenant {
  tenantId: number
  userId: number
  accountIds: number[]
  /** one per (account, customer), in that order */
  sessionIds: number[]
}

/**
 * Straight into the database, for processes that start the server afterwards (the crash test's
 * child, the benchmark): a tenant with a supervisor, accounts that are online and linked (with a
 * port each, and a simulator link in wa_auth_creds, so the server resumes them at start) and,
 * optionally, a fan and session per account and customer.
 */
export async function seedLinkedTenant(
  db: Db,
  account: string,
  phones: string[],
  customers: string[] = [],
): Promise<LinkedTenant> {
  const now = Date.now()
  const t = await db
    .insertInto('tenants')
    .values({
      name: account,
      account,
      is_platform: 0,
      risk_status: 0,
      special_channel: 0,
      status: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const u = await db
    .insertInto('users')
    .values({
      tenant_id: t.id,
      username: `${account}-boss`,
      password_hash: await hashPassword('Passw0rd'),
      nickname: 'boss',
      avatar: '',
      role_id: Role.customerMaster,
      status: 0,
      valid_start_date: now,
      valid_end_date: now + 30 * 86_400_000,
      target_language: 'zh-CN',
      parent_user_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const links = linkStoreOnAuthStore(new KyselyAuthStateStore(db))
  const out: LinkedTenant = { tenantId: t.id, userId: u.id, accountIds: [], sessionIds: [] }
  for (const phone of phones) {
    const a = await db
      .insertInto('ws_accounts')
      .values({
        tenant_id: t.id,
        phone,
        jid: `${phone}@s.whatsapp.net`,
        status: 'online',
        linked: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    out.accountIds.push(a.id)
    await db
      .insertInto('ports')
      .values({
        tenant_id: t.id,
        expires_at: now + 86_400_000,
        account_id: a.id,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await links.save({ accountId: String(a.id), phone, deviceId: 1, linkedAt: now })
    for (const c of customers) {
      const f = await db
        .insertInto('fans')
        .values({
          tenant_id: t.id,
          account_id: a.id,
          jid: `${c}@s.whatsapp.net`,
          phone: c,
          source: 'passive_add',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const s = await db
        .insertInto('sessions')
        .values({
          tenant_id: t.id,
          account_id: a.id,
          type: 'personal',
          fan_id: f.id,
          last_activity_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      out.sessionIds.push(s.id)
    }
  }
  return out
}
