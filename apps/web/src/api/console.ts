import {
  ConsolePath as C,
  type ConsoleAssignResult,
  type ConsoleMoveResult,
  type ConsoleOverview,
  type ConsoleSessionPageBody,
  type SessionPage,
} from '@app/core'
import { backgroundCall, dataOf, http, noRepeatGuard } from './request'

/** The supervisor's session console (packages/core api/console.ts). */

/** `quiet`: a refresh the socket asked for (no duplicate guard, no toast). */
export const consoleOverview = (quiet = false) =>
  dataOf(http.get<ConsoleOverview>(C.overview, undefined, quiet ? backgroundCall : noRepeatGuard))

export const consoleSessions = (body: Partial<ConsoleSessionPageBody>) =>
  dataOf(http.post<SessionPage>(C.sessionPage, body, noRepeatGuard))

export const moveSessions = (sessionIds: number[], userId: number) =>
  dataOf(http.put<ConsoleMoveResult>(C.sessionMove, { sessionIds, userId }))

export const assignAccounts = (accountIds: number[], userId: number) =>
  dataOf(http.put<ConsoleAssignResult>(C.accountAssign, { accountIds, userId }))

export const unassignAccounts = (accountIds: number[]) =>
  dataOf(http.put<ConsoleAssignResult>(C.accountUnassign, { accountIds }))
