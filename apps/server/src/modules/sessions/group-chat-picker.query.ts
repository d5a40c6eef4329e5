import type { Db } from '../../db/index.js'
import { containsText } from '../../db/search.js'

export interface PickableGroupChat {
  id: number
  subject: string
  nickname: string
  account_id: number
  account_phone: string | null
  member_count: number
}

/**
 * The group chats a mass send may write to: those of the tenant's live accounts, or of the
 * accounts assigned to `agentId`; narrowed to `accountIds`, a subject keyword or exactly `ids`;
 * in id order after `afterId`.
 */
export function pickableGroupChats(
  db: Db,
  tenantId: number,
  agentId: number | null,
  opts: { accountIds?: number[]; keyword?: string; ids?: number[]; afterId?: number; limit: number },
): Promise<PickableGroupChat[]> {
  let q = db
    .selectFrom('group_chats as g')
    .innerJoin('ws_accounts as a', 'a.id', 'g.account_id')
    .select((eb) => [
      'g.id',
      'g.subject',
      'g.nickname',
      'g.account_id',
      'a.phone as account_phone',
      eb
        .selectFrom('group_members as gm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('gm.group_chat_id', '=', 'g.id')
        .where('gm.tenant_id', '=', tenantId)
        .as('member_count'),
    ])
    .where('g.tenant_id', '=', tenantId)
    .where('a.tenant_id', '=', tenantId)
    .where('a.deleted_at', 'is', null)
  if (agentId !== null) q = q.where('a.agent_user_id', '=', agentId)
  if (opts.accountIds?.length) q = q.where('g.account_id', 'in', opts.accountIds)
  if (opts.ids) q = q.where('g.id', 'in', opts.ids.length ? opts.ids : [0])
  if (opts.keyword)
    q = q.where((eb) =>
      eb.or([containsText('g.subject', opts.keyword ?? ''), containsText('g.nickname', opts.keyword ?? '')]),
    )
  if (opts.afterId) q = q.where('g.id', '>', opts.afterId)
  return q
    .orderBy('g.id')
    .limit(opts.limit)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, member_count: Number(r.member_count ?? 0) })))
}
