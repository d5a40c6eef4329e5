import { ErrorCode, type ErrorCodeValue } from '@app/core'
import { isGatewayError } from '../../gateway/messaging-gateway.js'

const isGroupJid = (jid: string): boolean => jid.endsWith('@g.us')

/**
 * The chat send failure (catalogue code) of an error the gateway threw while sending to `toJid`,
 * kept on the failed message for the desk beside its failure reason. Null where the failure
 * reason already says it all (the account banned, offline or not linked).
 */
export function sendErrorOf(err: unknown, toJid: string): ErrorCodeValue | null {
  if (!isGatewayError(err)) return ErrorCode.sendUnknownError
  switch (err.code) {
    case 'not_on_whatsapp':
    case 'invalid_argument':
      return ErrorCode.customerReceivingAbnormal
    case 'forbidden':
      return isGroupJid(toJid) ? ErrorCode.removedFromGroup : ErrorCode.cannotSendNow
    case 'not_found':
      return isGroupJid(toJid) ? ErrorCode.removedFromGroup : ErrorCode.sendUnknownError
    case 'restricted':
      return ErrorCode.cannotSendNow
    case 'rate_limited':
      return ErrorCode.sendTooFrequent
    case 'media_unavailable':
      return ErrorCode.mediaNotFound
    case 'banned':
    case 'not_connected':
    case 'not_linked':
    case 'already_connecting':
      return null
    default:
      return ErrorCode.sendUnknownError
  }
}
