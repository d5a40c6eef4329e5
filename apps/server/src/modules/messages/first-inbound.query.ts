import type { Db } from '../../db/index.js'
import type { SystemScope } from '../../db/system-scope.js'

/** Sessions per statement. */
const IN_CHUNK = 500

/**
 * The time of each session's first customer message (sessions without one are left out), of any
 * tenant: the dashboards' engine tells a first response from a next one by it.
 */
export async function systemFirstInboundTimes(
  _system: SystemScope,
  db: Db,
  sessionIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  for (let i = 0; i < sessionIds.length; i += IN_CHUNK)
    for (const r of await db
      .selectFrom('messages')
      .select(['session_id', (eb) => eb.fn.min('timestamp').as('first')])
      .where('session_id', 'in', sessionIds.slice(i, i + IN_CHUNK))
      .where('from_me', '=', 0)
      .groupBy('session_id')
      .execute())
      out.set(Number(r.session_id), Number(r.first))
  return out
}
