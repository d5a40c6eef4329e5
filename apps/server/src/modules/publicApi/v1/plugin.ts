import { type ApiScopeValue, normalizeLanguage, validationMessage } from '@app/core'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from '../../../http/errors.js'
import type { ApiKeysService, ApiPrincipal } from '../api-keys.service.js'
import type { Idempotency } from './idempotency.js'
import { openApiDocument } from './openapi.js'
import type { Operation } from './operation.js'
import { fromAppError, type ProblemError, problem } from './problem.js'
import { referencePage } from './reference-page.js'

export const PUBLIC_API_PREFIX = '/api/v1'

declare module 'fastify' {
  interface FastifyRequest {
    apiPrincipal: ApiPrincipal | null
  }
}

export interface PublicApiOptions {
  keys: ApiKeysService
  idempotency: Idempotency
  operations: readonly Operation[]
  /** requests per key and minute */
  ratePerMinute: number
}

const languageOf = (request: FastifyRequest) =>
  normalizeLanguage(
    (request.headers.language as string | undefined) ??
      (String(request.headers['accept-language'] ?? '')
        .toLowerCase()
        .startsWith('zh')
        ? 'zh'
        : 'en'),
  )

const sendProblem = (reply: FastifyReply, p: ProblemError) =>
  reply.status(p.problem.status).type('application/problem+json').send(p.problem)

/**
 * The public REST API under /api/v1, in a context of its own: API keys only (a console sign-in
 * token is no key), problem bodies instead of the console's envelope, a rate limit per key, and
 * its own OpenAPI document and reference page.
 */
export async function publicApi(app: FastifyInstance, opts: PublicApiOptions): Promise<void> {
  const document = openApiDocument(opts.operations)
  app.decorateRequest('apiPrincipal', null)

  app.setErrorHandler((error: FastifyError | AppError | ProblemError, request, reply) => {
    const lang = languageOf(request)
    if ('problem' in error) return sendProblem(reply, error)
    if (error instanceof AppError) return sendProblem(reply, fromAppError(error, lang))
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: `${error.validationContext ?? ''}${v.instancePath.replaceAll('/', '.')}`,
        message: validationMessage(v.message ?? 'invalid', lang),
      }))
      return sendProblem(reply, problem(400, 400, errors[0]?.message ?? 'The request is not valid', errors))
    }
    const status = error.statusCode ?? 500
    if (status === 429)
      return sendProblem(reply, problem(429, 429, 'Too many requests for this key; retry later'))
    if (status >= 400 && status < 500) return sendProblem(reply, problem(status, status, error.message))
    request.log.error({ err: error, reqId: request.id }, 'unexpected fault')
    return sendProblem(reply, problem(500, 500, `Something went wrong (${request.id})`))
  })
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, problem(404, 404, 'No such operation')))

  app.get('/openapi.json', { schema: { hide: true } }, async () => document)
  app.get('/docs', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(referencePage(document)),
  )

  // the gate: every operation needs a key, whatever the console's sign-in says
  app.addHook('onRequest', async (request) => {
    const scope = (request.routeOptions.config as { apiScope?: string }).apiScope
    if (!scope) return
    const header = request.headers.authorization ?? ''
    const [scheme, secret] = header.split(' ')
    if (scheme?.toLowerCase() !== 'bearer' || !secret)
      throw problem(401, 401, 'Send an API key: Authorization: Bearer wsk_…')
    const principal = await opts.keys.authenticate(secret, request.ip)
    if (principal === 'unknown') throw problem(401, 401, 'This API key is unknown, revoked or expired')
    if (principal === 'address') throw problem(403, 403, 'This API key may not be used from this address')
    if (!principal.scopes.has(scope as ApiScopeValue))
      throw problem(403, 403, `This API key lacks the "${scope}" scope`)
    request.apiPrincipal = principal
  })

  for (const op of opts.operations) register(app, op, opts)
}

function register(app: FastifyInstance, op: Operation, opts: PublicApiOptions): void {
  const status = op.status ?? 200
  app.route({
    method: op.method,
    url: op.path,
    config: {
      apiScope: op.scope,
      rateLimit: {
        max: opts.ratePerMinute,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `api-key:${request.apiPrincipal?.keyId ?? request.ip}`,
        errorResponseBuilder: () => problem(429, 429, 'Too many requests for this key; retry later'),
      },
    },
    schema: {
      hide: true,
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      response: { [status]: op.response },
    },
    handler: async (request, reply) => {
      const principal = request.apiPrincipal
      if (!principal) throw problem(401, 401, 'Send an API key')
      const run = () =>
        op.handler({
          principal,
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          request,
          reply,
        })
      const key = op.create ? request.headers['idempotency-key'] : undefined
      if (typeof key !== 'string') return reply.status(status).send(await run())
      const tenantId = principal.tenantId
      const kept = await opts.idempotency.begin(tenantId, key, op.method, request.url, request.body)
      if (kept) return reply.status(kept.status).header('idempotent-replayed', 'true').send(kept.body)
      try {
        const answer = await run()
        await opts.idempotency.finish(tenantId, key, status, answer)
        return reply.status(status).send(answer)
      } catch (err) {
        await opts.idempotency.release(tenantId, key)
        throw err
      }
    },
  })
}
