import { ErrorCode, errorMessage } from '@app/core'
import { ApiError } from '../../../api/request'
import { currentLanguage } from '../../../i18n'

/** Length bounds of a code in a link, as the server checks them. */
const CODE_MAX = 64

const REFUSALS: number[] = [
  ErrorCode.merchantCodeInvalid,
  ErrorCode.merchantCodeExpired,
  ErrorCode.merchantCodeRevoked,
]

/** The reason a code is refused, in the visitor's language; null when the error is something else. */
export function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && REFUSALS.includes(error.code) ? error.message : null
}

/** A code as read from the address; null when it cannot be one. */
export function codeFromLink(raw: string | null): string | null {
  const c = raw?.trim() ?? ''
  return c.length > 0 && c.length <= CODE_MAX ? c : null
}

export const invalidCodeText = (): string => errorMessage(ErrorCode.merchantCodeInvalid, currentLanguage())
