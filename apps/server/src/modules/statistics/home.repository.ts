import { type HomeChecklist, Role, SendOrigin, SessionType } from '@app/core'
import { sql } from 'kysely'
import type { Db } from '../../db/index.js'

/**
 * The facts of the supervisor's first-run checklist, read in one statement of subqueries (this
 * module reads the accounts, users, messages and sessions it counts; it writes none of them).
 * Every subquery filters the tenant.
 */
export class HomeRepository {
  constructor(private readonly db: Db) {}

  /** Which first-run steps the tenant has done (see {@link HomeChecklist}). */
  async checklist(tenantId: number): Promise<HomeChecklist> {
    const one = sql<number>`1`.as('one')
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('ws_accounts as a')
              .select(one)
              .where('a.tenant_id', '=', tenantId)
              .where('a.deleted_at', 'is', null)
              .where('a.linked', '=', 1),
          )
          .as('linkNumber'),
        eb
          .exists(
            eb
              .selectFrom('users as u')
              .select(one)
              .where('u.tenant_id', '=', tenantId)
              .where('u.deleted_at', 'is', null)
              .where('u.role_id', '=', Role.customerUser),
          )
          .as('createAgent'),
        eb
          .exists(
            eb
              .selectFrom('ws_accounts as a')
              .select(one)
              .where('a.tenant_id', '=', tenantId)
              .where('a.deleted_at', 'is', null)
              .where('a.agent_user_id', 'is not', null),
          )
          .as('assignNumber'),
        eb
          .exists(
            eb
              .selectFrom('messages as m')
              .innerJoin('sessions as s', (j) =>
                j.onRef('s.id', '=', 'm.session_id').on('s.tenant_id', '=', tenantId),
              )
              .select(one)
              .where('m.tenant_id', '=', tenantId)
              .where('m.from_me', '=', 1)
              .where('m.origin', '=', SendOrigin.manual)
              .where('s.type', '=', SessionType.personal),
          )
          .as('answerChat'),
      ])
      .executeTakeFirstOrThrow()
    // SQLite answers 0/1, PostgreSQL true/false
    return {
      linkNumber: Boolean(row.linkNumber),
      createAgent: Boolean(row.createAgent),
      assignNumber: Boolean(row.assignNumber),
      answerChat: Boolean(row.answerChat),
    }
  }
}
