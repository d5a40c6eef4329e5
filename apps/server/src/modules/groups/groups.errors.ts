import { ErrorCode, type ErrorCodeValue } from '@app/core'
import { isGatewayError } from '../../gateway/messaging-gateway.js'
import { AppError } from '../../http/errors.js'

/**
 * Run a WhatsApp call for a group and turn the gateway's refusals into the catalogue's codes.
 * `forbidden` says what WhatsApp's "not allowed" means for this call (not an admin, admins-only
 * editing, …).
 */
export async function viaGateway<T>(fn: () => Promise<T>, forbidden: ErrorCodeValue): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    throw gatewayFailure(err, forbidden)
  }
}

/** The AppError of a gateway failure; anything that is not a gateway error is passed on as it is. */
function gatewayFailure(err: unknown, forbidden: ErrorCodeValue): unknown {
  if (!isGatewayError(err)) return err
  switch (err.code) {
    case 'not_connected':
    case 'not_linked':
      return new AppError(ErrorCode.accountNotOnline)
    case 'forbidden':
      return new AppError(forbidden)
    case 'not_found':
      return new AppError(ErrorCode.groupNotFound)
    case 'banned':
      return new AppError(ErrorCode.accountBanned)
    case 'rate_limited':
      return new AppError(ErrorCode.tooManyRequests)
    default:
      return new AppError(ErrorCode.groupRequestFailed)
  }
}
