import { consoleEndpoints as api, type ConsoleSessionPageBody } from '@app/core'
import { call } from './client'
import { backgroundCall, noRepeatGuard } from './request'

/** The supervisor's session console (packages/core api/console.ts). */

/** `quiet`: a refresh the socket asked for (no duplicate guard, no toast). */
export const consoleOverview = (quiet = false) =>
  call(api.overview, undefined, quiet ? backgroundCall : noRepeatGuard)

export const consoleSessions = (body: Partial<ConsoleSessionPageBody>) =>
  call(api.sessionPage, body, noRepeatGuard)

export const moveSessions = (sessionIds: number[], userId: number) =>
  call(api.sessionMove, { sessionIds, userId })

export const assignAccounts = (accountIds: number[], userId: number) =>
  call(api.accountAssign, { accountIds, userId })

export const unassignAccounts = (accountIds: number[]) => call(api.accountUnassign, { accountIds })
