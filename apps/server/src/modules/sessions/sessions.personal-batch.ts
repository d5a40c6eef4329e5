import { SessionType } from '@app/core'
import { type RawBuilder, sql } from 'kysely'

/**
 * The personal sessions of a batch's fans, as common table expressions of the statement the fans'
 * expressions (`fansBatchCtes`) open, with the rule of `SessionsRepository.ensurePersonal`: one
 * session per (account, fan), kept by the unique index; a new one starts at its message's time.
 *
 * Reads `found` and `ins` (the fans found and created) and `v` (account_id, jid, at); defines
 * `found_sessions` (the sessions of the fans found) and `sess` (the sessions created for the new fans).
 */
export function personalSessionsBatchCtes(): RawBuilder<unknown> {
  return sql`found_sessions as (
      select s.* from sessions s
      join found f on s.tenant_id = f.tenant_id and s.account_id = f.account_id and s.fan_id = f.id
    ),
    sess as (
      insert into sessions (tenant_id, account_id, type, fan_id, last_activity_at, created_at)
      select ins.tenant_id, ins.account_id, ${SessionType.personal}, ins.id, v.at, ${Date.now()}
      from ins join v on v.account_id = ins.account_id and v.jid = ins.jid
      on conflict (account_id, fan_id) do nothing
      returning *
    )`
}
