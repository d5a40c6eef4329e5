import type { ExpressionBuilder } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import { containsText } from '../../db/search.js'
import { FanDirectory } from '../fans/index.js'

/** Matches of a search: the customers and groups first, so a rare keyword does not walk every session. */
const MATCHES_MAX = 500

const fans = new FanDirectory()

type Matched = ExpressionBuilder<Database & { f: Database['fans']; g: Database['group_chats'] }, 'f' | 'g'>

/** Title, name, remark, group subject, or the phone's digits, case-insensitively (`f`, `g` joined). */
export function keywordCondition(eb: Matched, keyword: string) {
  const digits = phoneDigits(keyword)
  return eb.or([
    containsText('f.nickname', keyword),
    containsText('f.push_name', keyword),
    containsText('f.remark', keyword),
    containsText('g.subject', keyword),
    ...(digits ? [containsText('f.phone', digits)] : []),
  ])
}

/** The keyword as phone digits ('+44 7700-900' → '447700900'), or null when it is not a phone. */
function phoneDigits(keyword: string): string | null {
  const digits = keyword.replace(/[\s+\-()]/g, '')
  return /^\d+$/.test(digits) ? digits : null
}

/** Sessions of the customers and groups a keyword matches; null when there are too many to list. */
export async function sessionsMatching(db: Db, tenantId: number, keyword: string): Promise<number[] | null> {
  const digits = phoneDigits(keyword)
  const [matchedFans, groups] = await Promise.all([
    fans.matching(db, tenantId, keyword, digits || null, MATCHES_MAX + 1),
    db
      .selectFrom('group_chats')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(containsText('subject', keyword))
      .limit(MATCHES_MAX + 1)
      .execute(),
  ])
  if (matchedFans.length > MATCHES_MAX || groups.length > MATCHES_MAX) return null
  if (matchedFans.length === 0 && groups.length === 0) return []
  const sessions = await db
    .selectFrom('sessions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        ...(matchedFans.length
          ? [
              eb(
                'fan_id',
                'in',
                matchedFans.map((f) => f.id),
              ),
            ]
          : []),
        ...(groups.length
          ? [
              eb(
                'group_chat_id',
                'in',
                groups.map((g) => g.id),
              ),
            ]
          : []),
      ]),
    )
    .execute()
  return sessions.map((r) => r.id)
}
