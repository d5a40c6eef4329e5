import { type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/index.js'

/**
 * Whether a session is a system group's (see `isSystemGroup`): its group chat is
 * announcement-only and our account (the session's account, by phone or hidden id) is a plain
 * member. `sessions` is the alias of the sessions table in the caller's query. For the desk's
 * session list: `.where(sql\`not ${systemGroupSession('s')}\`)` when the viewer hides them
 * (`systemGroupsHidden`).
 */
export function systemGroupSession(sessions: string): RawBuilder<boolean> {
  const groupChatId = sql.ref(`${sessions}.group_chat_id`)
  // the group chat is the session's tenant's: a correlated lookup names the tenant like any other
  const tenantId = sql.ref(`${sessions}.tenant_id`)
  return sql<boolean>`exists (
    select 1 from group_chats sg
    join ws_accounts sa on sa.id = sg.account_id
    join group_members sm on sm.group_chat_id = sg.id
    where sg.id = ${groupChatId} and sg.tenant_id = ${tenantId} and sg.announce = 1 and sm.role = 'member'
      and (sm.jid = sa.jid or sm.jid = sa.lid)
  )`
}

/** Whether the desk user (the agent a supervisor acts as, else the caller) chose to hide system groups. */
export async function systemGroupsHidden(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('group_preferences')
    .select('show_system_groups')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.show_system_groups === 0
}
