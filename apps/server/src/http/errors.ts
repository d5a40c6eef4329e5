import { ErrorCode, type ErrorCodeValue } from '@app/core'

export interface AppErrorOptions {
  /** Show this catalogue entry's text instead of the code's own (e.g. 401 with "tenant mismatch"). */
  messageCode?: ErrorCodeValue
  /** A validation message key of packages/core, rendered in the request's language. */
  messageKey?: string
  params?: Record<string, string | number>
  data?: unknown
}

/** A business outcome the client is meant to see: answered HTTP 200 with its code. */
export class AppError extends Error {
  readonly code: ErrorCodeValue
  readonly options: AppErrorOptions

  constructor(code: ErrorCodeValue, options: AppErrorOptions = {}) {
    super(`AppError ${code}${options.messageKey ? ` ${options.messageKey}` : ''}`)
    this.code = code
    this.options = options
  }
}

export const notFound = () => new AppError(ErrorCode.notFound)
export const forbidden = () => new AppError(ErrorCode.forbidden)
export const badRequest = (messageKey: string) => new AppError(ErrorCode.badRequest, { messageKey })
