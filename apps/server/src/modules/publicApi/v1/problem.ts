import { ErrorCode, type ErrorCodeValue, errorMessage, type LanguageCode, validationMessage } from '@app/core'
import { z } from 'zod'
import type { AppError } from '../../../http/errors.js'

/** A refusal as RFC 9457 writes it (`application/problem+json`), with the product's own code. */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'A URI naming the kind of problem' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    /** the product's error code, the same as the console's */
    code: z.number().int(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Each invalid field of a 400' }),
  })
  .meta({ description: 'An error (RFC 9457 problem details)' })
export type Problem = z.infer<typeof problemSchema>

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail)
  }
}

export function problem(
  status: number,
  code: number,
  detail: string,
  errors?: Problem['errors'],
): ProblemError {
  return new ProblemError({
    type: status === 422 || status >= 500 ? `urn:ws-desk:error:${code}` : 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors ? { errors } : {}),
  })
}

/** The HTTP status a console error code has on the public API: its own where it is one, else 422. */
const STATUS_OF: Partial<Record<number, number>> = {
  [ErrorCode.badRequest]: 400,
  [ErrorCode.unauthorized]: 401,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.conflict]: 409,
  [ErrorCode.tooManyRequests]: 429,
}

/** A business refusal of a service, as a problem in the caller's language. */
export function fromAppError(error: AppError, lang: LanguageCode): ProblemError {
  const { messageCode, messageKey, params } = error.options
  const detail = messageKey
    ? validationMessage(messageKey, lang)
    : errorMessage((messageCode ?? error.code) as ErrorCodeValue, lang, params)
  return problem(STATUS_OF[error.code] ?? 422, error.code, detail)
}
