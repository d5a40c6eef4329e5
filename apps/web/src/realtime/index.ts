export {
  getSocket,
  type SocketEventName,
  type SocketPayload,
} from './socket'
export { useSocketConnected, useSocketEvent, useSocketReconnect } from './useSocketEvent'
