export {
  type AppSocket,
  getSocket,
  onSocketEvent,
  onSocketReconnect,
  type SocketEventName,
  type SocketPayload,
} from './socket'
export { useSocketConnected, useSocketEvent, useSocketReconnect } from './useSocketEvent'
