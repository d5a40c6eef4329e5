import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { GroupInfo } from '../../gateway/port.js'

type Q = Kysely<Database>

/** Group chats seen by an account, and their members. */
export class GroupChatsRepository {
  async ensure(q: Q, tenantId: number, accountId: number, jid: string, now: number) {
    const find = () =>
      q
        .selectFrom('group_chats')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('jid', '=', jid)
        .executeTakeFirst()
    const found = await find()
    if (found) return { group: found, created: false }
    const row = await q
      .insertInto('group_chats')
      .values({ tenant_id: tenantId, account_id: accountId, jid, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'jid']).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) return { group: row, created: true }
    const again = await find()
    if (!again) throw new Error(`group ${jid} vanished`)
    return { group: again, created: false }
  }

  /** Apply what the gateway knows of the group; members are replaced when listed. */
  async apply(
    q: Q,
    tenantId: number,
    accountId: number,
    info: Partial<GroupInfo> & { id: string },
    now: number,
  ): Promise<void> {
    const { group } = await this.ensure(q, tenantId, accountId, info.id, now)
    const patch: Record<string, string | number> = {}
    if (info.subject !== undefined) patch.subject = info.subject
    if (info.description !== undefined) patch.description = info.description
    if (info.announce !== undefined) patch.announce = info.announce ? 1 : 0
    if (info.restrict !== undefined) patch.restrict_edit = info.restrict ? 1 : 0
    if (Object.keys(patch).length)
      await q
        .updateTable('group_chats')
        .set({ ...patch, updated_at: now })
        .where('id', '=', group.id)
        .execute()
    if (info.participants) {
      await q.deleteFrom('group_members').where('group_chat_id', '=', group.id).execute()
      const rows = info.participants.map((p) => ({
        tenant_id: tenantId,
        group_chat_id: group.id,
        jid: p.id,
        role: p.role,
      }))
      for (let i = 0; i < rows.length; i += 200)
        await q
          .insertInto('group_members')
          .values(rows.slice(i, i + 200))
          .execute()
    }
  }

  /** Members joined, left or changed role. */
  async participants(
    q: Q,
    tenantId: number,
    accountId: number,
    groupJid: string,
    action: string,
    jids: string[],
    now: number,
  ): Promise<void> {
    const { group } = await this.ensure(q, tenantId, accountId, groupJid, now)
    if (jids.length === 0) return
    if (action === 'remove') {
      await q
        .deleteFrom('group_members')
        .where('group_chat_id', '=', group.id)
        .where('jid', 'in', jids)
        .execute()
      return
    }
    const role = action === 'promote' ? 'admin' : 'member'
    const rows = jids.map((jid) => ({ tenant_id: tenantId, group_chat_id: group.id, jid, role }))
    await q
      .insertInto('group_members')
      .values(rows)
      .onConflict((oc) =>
        action === 'promote' || action === 'demote'
          ? oc.columns(['group_chat_id', 'jid']).doUpdateSet({ role })
          : oc.columns(['group_chat_id', 'jid']).doNothing(),
      )
      .execute()
  }
}
