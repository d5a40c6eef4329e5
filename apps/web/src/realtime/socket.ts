import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@app/core'
import { io, type Socket } from 'socket.io-client'
import { useSession } from '../stores/session'

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>
export type SocketEventName = keyof ServerToClientEvents
export type SocketPayload<E extends SocketEventName> = Parameters<ServerToClientEvents[E]>[0]

type Listener = (payload: unknown) => void

/**
 * The browser's one realtime connection (Socket.IO at SOCKET_PATH, same origin). It opens on the
 * first subscription while signed in and stays open for the token it was opened with: a sign-out
 * closes it, a new token replaces it. Listeners are kept here, not on the socket, so they survive
 * a replaced socket; Socket.IO reconnects a dropped connection by itself, and `onReconnect`
 * listeners hear about it (events sent while offline are lost, so they refetch).
 */
let socket: AppSocket | null = null
let socketToken: string | undefined
let watching = false
let connected = false
const listeners = new Map<string, Set<Listener>>()
const reconnectListeners = new Set<() => void>()
const connectionListeners = new Set<() => void>()

function setConnected(value: boolean): void {
  if (connected === value) return
  connected = value
  for (const fn of connectionListeners) fn()
}

function dispatch(event: string, payload: unknown): void {
  const set = listeners.get(event)
  if (!set) return
  for (const fn of [...set]) fn(payload)
}

function open(token: string): AppSocket {
  const s: AppSocket = io({
    path: SOCKET_PATH,
    auth: { token },
    // a replaced token must not share the previous token's connection
    forceNew: true,
    // straight to a WebSocket (one connection, no polling requests first, and no sticky sessions
    // needed behind a balancer); long polling only where a WebSocket cannot open
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  })
  let connectedBefore = false
  s.onAny((event: string, payload: unknown) => dispatch(event, payload))
  s.on('connect', () => {
    setConnected(true)
    if (connectedBefore) for (const fn of [...reconnectListeners]) fn()
    connectedBefore = true
  })
  s.on('disconnect', () => setConnected(false))
  // a refused token (revoked, expired) is not retried: the next REST call tells the user
  s.on('connect_error', () => setConnected(false))
  return s
}

function close(): void {
  socket?.disconnect()
  socket = null
  socketToken = undefined
  setConnected(false)
}

/** Follow the signed-in token: close on sign-out, reopen on a new token while anyone listens. */
function sync(token: string | undefined): void {
  if (token === socketToken && socket) return
  close()
  if (token && (listeners.size > 0 || reconnectListeners.size > 0)) {
    socket = open(token)
    socketToken = token
  }
}

function watchSession(): void {
  if (watching) return
  watching = true
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) sync(state.token)
  })
}

/** The shared socket of the signed-in user, opened if needed; null when signed out. */
export function getSocket(): AppSocket | null {
  watchSession()
  const token = useSession.getState().token
  if (!token) {
    if (socket) close()
    return null
  }
  if (!socket || socketToken !== token) {
    close()
    socket = open(token)
    socketToken = token
  }
  return socket
}

/** Listen to a server event; returns the unsubscribe function. Opens the socket if needed. */
export function onSocketEvent<E extends SocketEventName>(
  event: E,
  handler: (payload: SocketPayload<E>) => void,
): () => void {
  const fn = handler as Listener
  let set = listeners.get(event)
  if (!set) {
    set = new Set()
    listeners.set(event, set)
  }
  set.add(fn)
  getSocket()
  return () => {
    const current = listeners.get(event)
    current?.delete(fn)
    if (current?.size === 0) listeners.delete(event)
  }
}

/** Called after the socket came back from a dropped connection (rooms to rejoin, data to refetch). */
export function onSocketReconnect(handler: () => void): () => void {
  reconnectListeners.add(handler)
  getSocket()
  return () => {
    reconnectListeners.delete(handler)
  }
}

export function isSocketConnected(): boolean {
  return connected
}

export function onConnectionChange(handler: () => void): () => void {
  connectionListeners.add(handler)
  return () => {
    connectionListeners.delete(handler)
  }
}

/** For tests: forget the socket and every listener. */
export function resetSocket(): void {
  close()
  listeners.clear()
  reconnectListeners.clear()
  connectionListeners.clear()
}
