import { ErrorCode, type ErrorCodeValue } from '@app/core'
import type { FastifyRequest } from 'fastify'

/** Codes @fastify/multipart gives a body it cannot read as a form. */
const MALFORMED_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
])

/**
 * The multipart parser (busboy) throws plain errors, without a status, for a body it cannot read:
 * "Multipart: Boundary not found", "Unexpected end of multipart data", "Part terminated early due
 * to unexpected end of multipart data", "Unsupported Content-Type.". They are the sender's fault.
 */
const PARSER_MESSAGE = /multipart|boundary|content-type/i

export const isMultipartRequest = (request: FastifyRequest): boolean =>
  /^multipart\//i.test(String(request.headers['content-type'] ?? ''))

/**
 * The catalogue entry for an error raised while reading a multipart body, or null when the error
 * is not about the form. Used by the one error handler, so every upload route answers alike.
 */
export function multipartFailure(
  error: { code?: string; statusCode?: number; message?: string },
  request: FastifyRequest,
): ErrorCodeValue | null {
  if (!isMultipartRequest(request)) return null
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return ErrorCode.uploadTooLarge
  if (error.code && MALFORMED_CODES.has(error.code)) return ErrorCode.uploadMalformed
  if (error.statusCode === undefined && PARSER_MESSAGE.test(error.message ?? ''))
    return ErrorCode.uploadMalformed
  return null
}
