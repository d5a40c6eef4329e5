import { useEffect } from 'react'
import { getSocket, useSocketReconnect } from '../../../realtime'

/**
 * Be in the session's socket room while the chat is open (session.join with ack, session.leave on
 * close). Rooms do not survive a dropped connection, so the room is joined again on reconnect.
 * A refused join changes nothing visible: the tenant room still carries the session's messages.
 */
export function useSessionRoom(sessionId: number): void {
  useEffect(() => {
    getSocket()?.emit('session.join', { sessionId }, () => undefined)
    return () => {
      getSocket()?.emit('session.leave', { sessionId }, () => undefined)
    }
  }, [sessionId])
  useSocketReconnect(() => {
    getSocket()?.emit('session.join', { sessionId }, () => undefined)
  })
}
