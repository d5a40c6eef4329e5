import { ErrorCode, Header, Role, UserStatus } from '@app/core'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/index.js'
import { AppError } from './errors.js'
import { actorOf } from './types.js'

/**
 * Whose desk a call works on (spec §6, product-decisions "Desk as an agent"): a supervisor
 * (customerMaster) at the desk as one of their agents sends `customer-user-id: <agent userId>`;
 * the agent must be an enabled customerUser of the supervisor's tenant, else 403. Without the
 * header, and for every other role (the header is then ignored), it is the caller's own id.
 */
export async function actingUserId(request: FastifyRequest, db: Db): Promise<number> {
  const actor = actorOf(request)
  const raw = request.headers[Header.customerUserId]
  const value = Array.isArray(raw) ? raw[0] : raw
  if (actor.roleId !== Role.customerMaster || value === undefined || value.trim() === '') return actor.userId
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0) throw actingUserInvalid()
  if (id === actor.userId) return id
  const agent = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('tenant_id', '=', actor.tenantId)
    .where('role_id', '=', Role.customerUser)
    .where('status', '=', UserStatus.enabled)
    .executeTakeFirst()
  if (!agent) throw actingUserInvalid()
  return agent.id
}

const actingUserInvalid = () =>
  new AppError(ErrorCode.forbidden, { messageCode: ErrorCode.actingUserInvalid })
