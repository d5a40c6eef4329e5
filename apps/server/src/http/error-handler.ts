import { ErrorCode, errorMessage, normalizeLanguage, validationMessage } from '@app/core'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from './errors.js'
import { isMultipartRequest, multipartFailure } from './multipart.js'

interface Issue {
  path: string
  message: string
}

/** Render every failure as the envelope, in the request's language; never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = normalizeLanguage(request.headers.language)
    if (error instanceof AppError) {
      const { messageCode, messageKey, params, data } = error.options
      const msg = messageKey
        ? validationMessage(messageKey, lang)
        : errorMessage(messageCode ?? error.code, lang, params)
      return reply.status(200).send({ code: error.code, msg, data: data ?? null })
    }
    // a form the parser cannot read is the sender's fault, on every upload route alike
    const form = multipartFailure(error, request)
    if (form) {
      const code = form === ErrorCode.uploadTooLarge ? form : ErrorCode.badRequest
      return reply.status(200).send({ code, msg: errorMessage(form, lang), data: null })
    }
    // a form sent to a JSON route arrives as no body at all: say what kind of body is wanted
    if (error.validationContext === 'body' && isMultipartRequest(request)) {
      return reply.status(200).send({
        code: ErrorCode.badRequest,
        msg: errorMessage(ErrorCode.contentTypeUnsupported, lang),
        data: null,
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: validationMessage(v.message ?? 'invalid', lang),
      }))
      const first = issues[0]
      const msg = first?.message ?? ''
      return reply
        .status(200)
        .send({ code: ErrorCode.badRequest, msg: msg || errorMessage(400, lang), data: { issues } })
    }
    if (error.validation) {
      return reply.status(200).send({ code: ErrorCode.badRequest, msg: errorMessage(400, lang), data: null })
    }
    const status = error.statusCode ?? 500
    if (status === 429) {
      return reply
        .status(200)
        .send({ code: ErrorCode.tooManyRequests, msg: errorMessage(429, lang), data: null })
    }
    if (status === 415) {
      return reply.status(200).send({
        code: ErrorCode.badRequest,
        msg: errorMessage(ErrorCode.contentTypeUnsupported, lang),
        data: null,
      })
    }
    if (status === 413) {
      return reply
        .status(200)
        .send({ code: ErrorCode.payloadTooLarge, msg: errorMessage(413, lang), data: null })
    }
    if (status >= 400 && status < 500) {
      return reply.status(200).send({ code: ErrorCode.badRequest, msg: errorMessage(400, lang), data: null })
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected fault')
    return reply
      .status(500)
      .send({ code: ErrorCode.internal, msg: `${errorMessage(500, lang)} (${request.id})`, data: null })
  })

  app.setNotFoundHandler((request, reply) => {
    const lang = normalizeLanguage(request.headers.language)
    reply.status(404).send({ code: ErrorCode.notFound, msg: errorMessage(404, lang), data: null })
  })
}
