import { ErrorCode } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { enterDesk } from '../../../api/desk'
import { showDeskTakenDialog } from '../../../api/dialogs'
import { ApiError, setExtraHeaders } from '../../../api/request'
import { useSocketEvent } from '../../../realtime'
import { deskHeaders, useDesk } from '../../../stores/desk'
import { useIsCustomerMaster } from '../../../stores/session'
import { deskKeys } from '../queryKeys'

/**
 * Desk presence (spec §4 code 433, §6): while the desk is open its calls carry `desk-id` and,
 * for a supervisor acting as an agent, `customer-user-id`. Entering (again when the supervisor
 * picks another agent) makes this desk the agent's live one; an older desk hears `desk.taken`
 * and shows the same dialog as a 433 answer. `retry` enters again (also to take the desk back).
 */
export function useDeskPresence(): { retry: () => void } {
  const qc = useQueryClient()
  const isMaster = useIsCustomerMaster()
  const acting = useDesk((s) => s.actingUserId)
  const wanted = isMaster ? acting : null
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    setExtraHeaders(deskHeaders)
    return () => {
      setExtraHeaders(null)
      useDesk.getState().reset()
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a fresh entry
  useEffect(() => {
    let active = true
    const desk = useDesk.getState()
    desk.entering()
    // whatever was read belongs to the previous desk (another agent's sessions)
    qc.removeQueries({ queryKey: deskKeys.all })
    enterDesk(wanted)
      .then((result) => {
        if (active) useDesk.getState().entered(result)
      })
      .catch((error: unknown) => {
        if (!active) return
        // the agent acted as is gone or disabled: back to the supervisor's own desk
        if (wanted && error instanceof ApiError && error.code === ErrorCode.forbidden) {
          useDesk.getState().setActing(null)
          return
        }
        useDesk.getState().failed()
      })
    return () => {
      active = false
    }
  }, [wanted, attempt, qc])

  // a desk read answered 433 (the socket's desk.taken was missed): the request client showed the dialog
  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return
        const error = event.action.error
        if (error instanceof ApiError && error.code === ErrorCode.deskTaken) useDesk.getState().taken()
      }),
    [qc],
  )

  useSocketEvent('desk.taken', (e) => {
    const desk = useDesk.getState()
    if (!desk.deskId || e.deskId !== desk.deskId) return
    desk.taken()
    showDeskTakenDialog()
  })

  return { retry: () => setAttempt((n) => n + 1) }
}
