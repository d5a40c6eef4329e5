import { ErrorCode, MaterialOwnerType, type MaterialOwnerTypeValue, Role } from '@app/core'
import type { FastifyRequest } from 'fastify'
import { type Caller, callerOf } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { Library } from './materials.repository.js'

/** The public library's owner id. */
const PUBLIC_OWNER = 0

/** Who works on the material libraries. */
export interface MaterialCaller {
  tenantId: number
  /** whose personal library: the caller, or the agent a supervisor acts as (customer-user-id) */
  userId: number
  /** the supervisor: manages the public library */
  master: boolean
}

export function materialCaller(request: FastifyRequest): MaterialCaller {
  return materialCallerOf(callerOf(request))
}

/** Who works on the libraries, for a caller resolved elsewhere (an API key's supervisor). */
export function materialCallerOf(caller: Caller): MaterialCaller {
  return {
    tenantId: caller.tenantId,
    userId: caller.actingUserId,
    master: caller.roleId === Role.customerMaster,
  }
}

export function libraryOf(caller: MaterialCaller, ownerType: MaterialOwnerTypeValue): Library {
  return {
    tenantId: caller.tenantId,
    ownerUserId: ownerType === MaterialOwnerType.public ? PUBLIC_OWNER : caller.userId,
  }
}

export const ownerTypeOf = (ownerUserId: number): MaterialOwnerTypeValue =>
  ownerUserId === PUBLIC_OWNER ? MaterialOwnerType.public : MaterialOwnerType.personal

/** The public library and the caller's own personal one; another agent's library is not there for them. */
export const canSee = (caller: MaterialCaller, ownerUserId: number): boolean =>
  ownerUserId === PUBLIC_OWNER || ownerUserId === caller.userId

export const canWrite = (caller: MaterialCaller, ownerUserId: number): boolean =>
  ownerUserId === PUBLIC_OWNER ? caller.master : ownerUserId === caller.userId

/** Refuse a change to the public library by anyone but the supervisor. */
export function requireWritable(caller: MaterialCaller, ownerUserId: number): void {
  if (!canWrite(caller, ownerUserId))
    throw new AppError(ErrorCode.forbidden, { messageCode: ErrorCode.publicMaterialsMasterOnly })
}
