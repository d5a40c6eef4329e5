import { ErrorCode, type ErrorCodeValue } from '@app/core'
import { type GatewayErrorCode, isGatewayError } from '../../gateway/errors.js'
import { SimLinkError } from '../../gateway/simulator/linking.js'
import { AppError } from '../../http/errors.js'

const LINK_ERRORS: Record<SimLinkError['code'], ErrorCodeValue> = {
  qr_invalid: ErrorCode.simQrInvalid,
  code_invalid: ErrorCode.simPairingCodeInvalid,
  not_registered: ErrorCode.simNotOnWhatsApp,
  banned: ErrorCode.simPhoneBanned,
  too_many_devices: ErrorCode.simTooManyDevices,
}

const GATEWAY_ERRORS: Partial<Record<GatewayErrorCode, ErrorCodeValue>> = {
  not_on_whatsapp: ErrorCode.simNotOnWhatsApp,
  banned: ErrorCode.simPhoneBanned,
  forbidden: ErrorCode.simNotGroupMember,
}

/**
 * Run a network call as the simulated phone's user and turn the network's refusals into the
 * catalogue's codes. `notFound` says what "not found" means for this call (a phone, a message or
 * a group); the network uses one code for all three.
 */
export async function asPhoneUser<T>(
  fn: () => T | Promise<T>,
  notFound: ErrorCodeValue = ErrorCode.simPhoneUnknown,
): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (err instanceof SimLinkError) throw new AppError(LINK_ERRORS[err.code])
    if (isGatewayError(err)) {
      if (err.code === 'not_found') throw new AppError(notFound)
      const code = GATEWAY_ERRORS[err.code]
      if (code) throw new AppError(code)
    }
    throw err
  }
}
