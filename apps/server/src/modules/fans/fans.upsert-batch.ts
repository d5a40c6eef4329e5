import type { FanSourceValue } from '@app/core'
import { type RawBuilder, sql } from 'kysely'
import { countryOfPhone } from './country.js'
import type { FanIdentity } from './fans.repository.js'

/** A contact of a batch of personal chats: whom a message comes from, in which account, since when. */
export interface FanBatchContact {
  tenantId: number
  accountId: number
  who: FanIdentity
  source: FanSourceValue
  /** the message's time: a new session starts there */
  at: number
}

/**
 * The fans of a batch of personal chats, found by their key jid (or lid key) and the missing ones
 * created, as common table expressions of one statement (PostgreSQL), with the rules of
 * `FansRepository.upsert`: a new phone already a fan of another account of the tenant (or of
 * another new fan of the batch) is flagged repeat, with the others; a hidden id another fan of the
 * account holds stays with it; a lid-only contact is not created here (the single way looks it up
 * by lid first).
 *
 * Defines `v` (tenant_id, account_id, jid, phone, lid, push_name, source, country, at, creatable),
 * `found` (the fans found), `ins` (the fans created) and `others` (the repeat flags set); other
 * owners' expressions of the same statement may read `v`, `found` and `ins`.
 */
export function fansBatchCtes(contacts: FanBatchContact[], now: number): RawBuilder<unknown> {
  const keys = contacts.flatMap((c) =>
    [c.who.jid, ...(c.who.lid && c.who.lid !== c.who.jid ? [c.who.lid] : [])].map(
      (jid) => sql`(${c.tenantId}::bigint, ${c.accountId}::bigint, ${jid}::text)`,
    ),
  )
  const values = sql.join(
    contacts.map((c) => {
      const country = c.who.phone ? countryOfPhone(c.who.phone) : ''
      const creatable = !!c.who.phone || !c.who.lid
      return sql`(${c.tenantId}::bigint, ${c.accountId}::bigint, ${c.who.jid}::text, ${c.who.phone}::text,
        ${c.who.lid}::text, ${c.who.pushName}::text, ${c.source}::text, ${country}::text, ${c.at}::bigint, ${creatable}::boolean)`
    }),
  )
  return sql`v(tenant_id, account_id, jid, phone, lid, push_name, source, country, at, creatable) as (values ${values}),
    found as (select * from fans where (tenant_id, account_id, jid) in (${sql.join(keys)})),
    ins as (
      insert into fans (tenant_id, account_id, jid, phone, lid, push_name, source, country, created_at, updated_at, repeat_flag)
      select v.tenant_id, v.account_id, v.jid, v.phone,
        -- a hidden id another fan of the account holds stays with it (one fan per lid) until a mapping joins them
        case when exists (select 1 from fans h where h.tenant_id = v.tenant_id and h.account_id = v.account_id and h.lid = v.lid) then null else v.lid end,
        v.push_name, v.source, v.country, ${now}, ${now},
        case when v.phone is not null and (
          exists (select 1 from fans f where f.tenant_id = v.tenant_id and f.phone = v.phone and f.account_id <> v.account_id)
          or exists (select 1 from v w where w.tenant_id = v.tenant_id and w.phone = v.phone and w.account_id <> v.account_id)
        ) then 1 else 0 end
      from v
      where v.creatable
        and not exists (select 1 from found f where f.account_id = v.account_id and (f.jid = v.jid or f.jid = v.lid))
      on conflict (account_id, jid) do nothing
      returning *
    ),
    others as (
      update fans f set repeat_flag = 1 from ins
      where ins.phone is not null and f.tenant_id = ins.tenant_id and f.phone = ins.phone
        and f.account_id <> ins.account_id and f.repeat_flag <> 1
    )`
}
