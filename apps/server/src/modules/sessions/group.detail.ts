import type { GroupDetailView } from '@app/core'
import type { Db } from '../../db/index.js'

/** The group chat panel's summary. */
export async function groupDetail(
  db: Db,
  tenantId: number,
  groupChatId: number,
): Promise<GroupDetailView | null> {
  const g = await db
    .selectFrom('group_chats')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', groupChatId)
    .executeTakeFirst()
  if (!g) return null
  const members = await db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('group_chat_id', '=', g.id)
    .executeTakeFirstOrThrow()
  return {
    id: g.id,
    jid: g.jid,
    subject: g.subject,
    description: g.description,
    memberCount: Number(members.n),
    announce: g.announce === 1,
    restrictEdit: g.restrict_edit === 1,
  }
}
