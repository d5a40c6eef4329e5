import { DESK_ID_HEADER, ErrorCode, Role, type RoleId } from '@app/core'
import type { FastifyRequest } from 'fastify'
import type { ExpressionBuilder } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import { actingUserId } from '../../http/acting-user.js'
import { AppError } from '../../http/errors.js'
import { actorOf } from '../../http/types.js'

/**
 * Who works the desk in a call and what they may see. `userId` is whose desk it is (the agent a
 * supervisor acts as, else the caller): read state, presence and sends belong to it. `agentId`
 * limits the sessions to one agent's (accounts assigned to them and sessions migrated to them);
 * null means the whole tenant (a supervisor at their own desk, a team lead, who reads only:
 * the write routes do not admit that role).
 */
export interface Viewer {
  tenantId: number
  actorId: number
  /** the caller's role */
  roleId: RoleId
  userId: number
  agentId: number | null
}

/**
 * Resolve the viewer of a desk call and check its desk is the live one (433 otherwise);
 * `checkDesk` false for entering the desk, which replaces whatever desk was live.
 */
export async function resolveViewer(db: Db, request: FastifyRequest, checkDesk = true): Promise<Viewer> {
  const actor = actorOf(request)
  const userId = await actingUserId(request, db)
  const acting = userId !== actor.userId
  const viewer: Viewer = {
    tenantId: actor.tenantId,
    actorId: actor.userId,
    roleId: actor.roleId,
    userId,
    agentId: actor.roleId === Role.customerUser || acting ? userId : null,
  }
  const raw = request.headers[DESK_ID_HEADER]
  const deskId = Array.isArray(raw) ? raw[0] : raw
  if (deskId && checkDesk) await assertLiveDesk(db, viewer, deskId)
  return viewer
}

/** A desk id that is not the agent's live desk was replaced by a newer one: code 433. */
async function assertLiveDesk(db: Db, viewer: Viewer, deskId: string): Promise<void> {
  const live = await db
    .selectFrom('desk_presence')
    .select('desk_id')
    .where('tenant_id', '=', viewer.tenantId)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst()
  if (live?.desk_id !== deskId) throw new AppError(ErrorCode.deskTaken)
}

type SessionScope = ExpressionBuilder<Database & { s: Database['sessions'] }, 's'>

/**
 * The viewer's sessions, as a condition on `s` (sessions): in the tenant, of a live (not deleted)
 * account, and for an agent, migrated to them or of an account assigned to them and not migrated
 * away. Subqueries rather than joins, so the list can walk its index in order.
 */
export function sessionScope(viewer: Viewer) {
  return (eb: SessionScope) => {
    const live = eb
      .selectFrom('ws_accounts')
      .select('id')
      .where('tenant_id', '=', viewer.tenantId)
      .where('deleted_at', 'is', null)
    const conditions = [eb('s.tenant_id', '=', viewer.tenantId), eb('s.account_id', 'in', live)]
    if (viewer.agentId !== null) {
      const assigned = live.where('agent_user_id', '=', viewer.agentId)
      conditions.push(
        eb.or([
          eb('s.agent_user_id', '=', viewer.agentId),
          eb.and([eb('s.agent_user_id', 'is', null), eb('s.account_id', 'in', assigned)]),
        ]),
      )
    }
    return eb.and(conditions)
  }
}
