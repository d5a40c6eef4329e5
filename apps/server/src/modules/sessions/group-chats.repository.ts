import type { GroupMembersBody } from '@app/core'
import { type Kysely, type Selectable, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { GroupChatTable } from '../../db/schema.js'
import { containsText } from '../../db/search.js'
import type { SystemScope } from '../../db/system-scope.js'
import type { GroupInfo } from '../../gateway/messaging-gateway.js'
import { scopeChanged } from '../accounts/index.js'

type Q = Kysely<Database>

export type GroupChat = Selectable<GroupChatTable>

/** A stored member with what the account knows of them as a customer. */
export interface MemberRow {
  jid: string
  role: string
  nickname: string | null
  push_name: string | null
  phone: string | null
}

/** WhatsApp's roles in the order the member list shows them. */
const roleOrder = sql<number>`case m.role when 'superadmin' then 0 when 'admin' then 1 else 2 end`

/**
 * Group chats seen by an account, their members, and each desk user's choice to list system
 * groups. The writes of inbound group changes take the caller's transaction; the desk's reads
 * and annotations take the tenant.
 */
export class GroupChatsRepository {
  constructor(private readonly db: Db) {}

  async ensure(q: Q, tenantId: number, accountId: number, jid: string, now: number) {
    const find = () =>
      q
        .selectFrom('group_chats')
        .selectAll()
        .where('tenant_id', '=', tenantId)
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
        .where('tenant_id', '=', tenantId)
        .where('id', '=', group.id)
        .execute()
    if (info.participants) {
      await q
        .deleteFrom('group_members')
        .where('tenant_id', '=', tenantId)
        .where('group_chat_id', '=', group.id)
        .execute()
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
        .where('tenant_id', '=', tenantId)
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

  byId(tenantId: number, groupChatId: number): Promise<GroupChat | undefined> {
    return this.db
      .selectFrom('group_chats')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', groupChatId)
      .executeTakeFirst()
  }

  /** WhatsApp's role of the first of `jids` (our account's addresses) that is a member; null when none is. */
  async roleOf(tenantId: number, groupChatId: number, jids: string[]): Promise<string | null> {
    if (jids.length === 0) return null
    const rows = await this.db
      .selectFrom('group_members')
      .select('role')
      .where('tenant_id', '=', tenantId)
      .where('group_chat_id', '=', groupChatId)
      .where('jid', 'in', jids)
      .execute()
    return rows[0]?.role ?? null
  }

  /** Members and admins (owner included) of a group. */
  async counts(tenantId: number, groupChatId: number): Promise<{ members: number; admins: number }> {
    const row = await this.db
      .selectFrom('group_members')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('members'),
        eb.fn.sum<number | string | null>(sql`case when role = 'member' then 0 else 1 end`).as('admins'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('group_chat_id', '=', groupChatId)
      .executeTakeFirst()
    return { members: Number(row?.members ?? 0), admins: Number(row?.admins ?? 0) }
  }

  /** A page of members: owner, admins, members, then by address; search by name or digits. */
  async members(
    tenantId: number,
    group: GroupChat,
    q: Pick<GroupMembersBody, 'keyword' | 'pageNo' | 'pageSize'>,
  ): Promise<{ rows: MemberRow[]; total: number }> {
    let base = this.db
      .selectFrom('group_members as m')
      .leftJoin('fans as f', (j) =>
        j
          .onRef('f.jid', '=', 'm.jid')
          .on('f.account_id', '=', group.account_id)
          .on('f.tenant_id', '=', tenantId),
      )
      .where('m.tenant_id', '=', tenantId)
      .where('m.group_chat_id', '=', group.id)
    const keyword = q.keyword?.trim()
    // '+44 7700' finds 447700… in the address
    const digits = keyword?.replace(/[\s+-]+/g, '') ?? ''
    if (keyword)
      base = base.where((eb) =>
        eb.or([
          containsText('m.jid', /^\d+$/.test(digits) ? digits : keyword),
          containsText('f.nickname', keyword),
          containsText('f.push_name', keyword),
        ]),
      )
    const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
    const rows = await base
      .select(['m.jid', 'm.role', 'f.nickname', 'f.push_name', 'f.phone'])
      .orderBy(roleOrder)
      .orderBy('m.jid')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute()
    return { rows, total: Number(total?.n ?? 0) }
  }

  /** The members of `jids` that are in the group. */
  async memberJids(tenantId: number, groupChatId: number, jids: string[]): Promise<Set<string>> {
    if (jids.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('group_members')
      .select('jid')
      .where('tenant_id', '=', tenantId)
      .where('group_chat_id', '=', groupChatId)
      .where('jid', 'in', jids)
      .execute()
    return new Set(rows.map((r) => r.jid))
  }

  async setRemark(
    tenantId: number,
    groupChatId: number,
    patch: { note?: string; nickname?: string },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('group_chats')
      .set({ ...patch, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', groupChatId)
      .execute()
  }

  async setInviteLink(tenantId: number, groupChatId: number, link: string, now: number): Promise<void> {
    await this.db
      .updateTable('group_chats')
      .set({ invite_link: link, updated_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', groupChatId)
      .execute()
  }

  /** The desk session of a group chat, if one was opened (a message arrived, or it was joined here). */
  async sessionOf(
    tenantId: number,
    groupChatId: number,
  ): Promise<{ id: number; agent: number | null } | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
      .select(['s.id', 's.agent_user_id', 'a.agent_user_id as account_agent'])
      .where('s.tenant_id', '=', tenantId)
      .where('s.group_chat_id', '=', groupChatId)
      .executeTakeFirst()
    return row ? { id: row.id, agent: row.agent_user_id ?? row.account_agent } : undefined
  }

  /** Whether the user's desk lists system groups (default yes). */
  async showSystemGroups(tenantId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('group_preferences')
      .select('show_system_groups')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return row ? row.show_system_groups === 1 : true
  }

  async setShowSystemGroups(tenantId: number, userId: number, show: boolean, now: number): Promise<void> {
    await this.db
      .insertInto('group_preferences')
      .values({ tenant_id: tenantId, user_id: userId, show_system_groups: show ? 1 : 0, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ show_system_groups: show ? 1 : 0, updated_at: now }),
      )
      .execute()
    scopeChanged(tenantId)
  }

  /** What decides whether we may write in a group: its members (when known) and announcement mode. */
  async sendState(
    tenantId: number,
    groupChatId: number,
  ): Promise<{ members: { jid: string; role: string }[]; announce: boolean }> {
    const [members, group] = await Promise.all([
      this.db
        .selectFrom('group_members')
        .select(['jid', 'role'])
        .where('tenant_id', '=', tenantId)
        .where('group_chat_id', '=', groupChatId)
        .execute(),
      this.db
        .selectFrom('group_chats')
        .select('announce')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', groupChatId)
        .executeTakeFirst(),
    ])
    return { members, announce: group?.announce === 1 }
  }

  /** A group chat of an account by its address (inbound group changes arrive by account, not tenant). */
  systemFindByJid(system: SystemScope, accountId: number, jid: string) {
    return this.db
      .selectFrom('group_chats')
      .select(['id', 'tenant_id', 'jid'])
      .where('account_id', '=', accountId)
      .where('jid', '=', jid)
      .executeTakeFirst()
  }

  /** Where a group session writes to, and how the desk names it. */
  async peer(
    tenantId: number,
    groupChatId: number,
    q: Q = this.db,
  ): Promise<{ jid: string; title: string; invalid: boolean }> {
    const g = await q
      .selectFrom('group_chats')
      .select(['jid', 'subject'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', groupChatId)
      .executeTakeFirstOrThrow()
    return { jid: g.jid, title: g.subject || g.jid, invalid: false }
  }
}
