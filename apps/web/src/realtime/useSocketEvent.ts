import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import {
  isSocketConnected,
  onConnectionChange,
  onSocketEvent,
  onSocketReconnect,
  type SocketEventName,
  type SocketPayload,
} from './socket'

/** Keep the latest handler without resubscribing on every render. */
function useLatest<T>(value: T) {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}

/** Run `handler` for every `event` the server pushes while the component is mounted. */
export function useSocketEvent<E extends SocketEventName>(
  event: E,
  handler: (payload: SocketPayload<E>) => void,
): void {
  const latest = useLatest(handler)
  useEffect(() => onSocketEvent(event, (payload) => latest.current(payload)), [event, latest])
}

/** Run `handler` when the socket is back after a dropped connection (events may have been missed). */
export function useSocketReconnect(handler: () => void): void {
  const latest = useLatest(handler)
  useEffect(() => onSocketReconnect(() => latest.current()), [latest])
}

/** Whether the realtime connection is up right now. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(onConnectionChange, isSocketConnected, () => false)
}
