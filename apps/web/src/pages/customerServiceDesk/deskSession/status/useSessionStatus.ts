import { SESSION_STATUS_BATCH_MAX, type SessionStatusValue } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { setSessionStatus } from '../../../../api/deskNotes'
import { updateSessionLists } from '../useSessionList'
import { applyStatus, patchDetailStatus } from './statusCache'

/**
 * Changing sessions' status: the lists and the open session follow the server's answer at once
 * (the socket's `session.status` repeats it). A refusal is told by the request client, as the
 * envelope's message; `change` then resolves false.
 */
export function useSessionStatus() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()

  const change = useCallback(
    async (sessionIds: number[], status: SessionStatusValue, snoozeUntil?: number): Promise<boolean> => {
      if (sessionIds.length === 0) return false
      try {
        // the endpoint takes up to 200 sessions a call
        for (let at = 0; at < sessionIds.length; at += SESSION_STATUS_BATCH_MAX) {
          const ids = sessionIds.slice(at, at + SESSION_STATUS_BATCH_MAX)
          const { list } = await setSessionStatus(ids, status, snoozeUntil)
          for (const view of list) {
            updateSessionLists(qc, (data, params) => applyStatus(data, view, params))
            patchDetailStatus(qc, view)
          }
        }
      } catch {
        return false
      }
      message.success(
        sessionIds.length > 1 && status === 'resolved'
          ? t('desk.bulk.done', { count: sessionIds.length })
          : t(`desk.status.done.${status}`),
      )
      return true
    },
    [qc, message, t],
  )

  return { change }
}
