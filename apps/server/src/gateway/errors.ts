/**
 * Error codes a gateway rejects with (and puts on StatusUpdate.errorCode). The product maps them
 * to its failure reasons with `toFailureReason` (account-state.ts).
 */
export type GatewayErrorCode =
  | 'not_connected' // the account is not open: only send when open
  | 'not_linked' // resume() without stored auth
  | 'already_connecting' // a login or socket for this account is already live
  | 'not_on_whatsapp' // the recipient number is not registered
  | 'restricted' // reach-out time-lock (ack 463): new chats refused
  | 'banned' // the account is banned
  | 'rate_limited' // 429 rate-overlimit
  | 'forbidden' // not allowed (not a group admin, removed from the group, announce-only)
  | 'not_found' // group, message or media handle unknown
  | 'invalid_argument' // a malformed phone, jid, link or proxy
  | 'media_unavailable' // media could not be read or downloaded
  | 'timeout'
  | 'failed' // anything else

export class GatewayError extends Error {
  override readonly name = 'GatewayError'
  constructor(
    readonly code: GatewayErrorCode,
    message?: string,
    readonly details?: { statusCode?: number; cause?: unknown },
  ) {
    super(message ?? code)
  }
}

export const isGatewayError = (e: unknown): e is GatewayError => e instanceof GatewayError
