import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSocketEvent, useSocketReconnect } from '../../../realtime'
import { deskKeys } from '../queryKeys'

/** Recounts at most this often while messages keep coming. */
const RECOUNT_MS = 1000

/**
 * The sidebar counts and the accounts' unread follow the socket: any message, read, flag change
 * or removal recounts them (at most once a second); after a dropped connection the whole desk
 * is read again.
 */
export function useDeskLiveCounts(): void {
  const qc = useQueryClient()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  const recount = () => {
    if (timer.current) return
    timer.current = setTimeout(() => {
      timer.current = null
      void qc.invalidateQueries({ queryKey: deskKeys.countsAll })
      void qc.invalidateQueries({ queryKey: deskKeys.accounts })
    }, RECOUNT_MS)
  }
  useSocketEvent('message.new', recount)
  useSocketEvent('session.read', recount)
  useSocketEvent('session.updated', recount)
  useSocketEvent('session.removed', recount)
  useSocketEvent('account.assigned', recount)
  useSocketEvent('account.status', recount)
  useSocketReconnect(() => void qc.invalidateQueries({ queryKey: deskKeys.all }))
}
