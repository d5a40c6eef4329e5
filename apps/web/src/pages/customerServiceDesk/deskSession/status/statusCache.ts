import type { SessionStatusView } from '@app/core'
import type { QueryClient } from '@tanstack/react-query'
import { deskKeys, type SessionListParams } from '../../queryKeys'
import { applyRow, type DeskRow, findRow, type SessionPages } from '../sessionCache'

/** A session's new status (its answer, or `session.status`): in place, or out of a list it no longer fits. */
export function applyStatus(
  data: SessionPages,
  view: SessionStatusView,
  params: SessionListParams,
): SessionPages {
  const old = findRow(data, view.sessionId)
  if (!old) return data
  const { status, snoozedUntil, waitingSince } = view
  if (old.status === status && old.snoozedUntil === snoozedUntil && old.waitingSince === waitingSince)
    return data
  return applyRow(data, { ...old, status, snoozedUntil, waitingSince }, params)
}

/** The open session's detail (when it is not in a list) follows its status too. */
export function patchDetailStatus(qc: QueryClient, view: SessionStatusView): void {
  qc.setQueryData(deskKeys.detail(view.sessionId), (d: { session: DeskRow } | undefined) =>
    d
      ? {
          ...d,
          session: {
            ...d.session,
            status: view.status,
            snoozedUntil: view.snoozedUntil,
            waitingSince: view.waitingSince,
          },
        }
      : d,
  )
}
