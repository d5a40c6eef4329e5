import { CLIENT_VERSION, UPLOAD_BATCH_MAX, UPLOAD_MAX_BYTES } from '@app/core'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Logger } from 'pino'
import type { Config } from '../config.js'
import { installErrorHandler } from './error-handler.js'
import { installJsonDepthLimit } from './json-depth.js'
import { installSecurityHeaders } from './security.js'
import { installTextInputCheck } from './text-input.js'
import { trustProxyOption } from './trust-proxy.js'

/**
 * The Fastify instance with its plugins in a fixed order: external plugins (rate limit,
 * multipart, swagger), then the app's own (error envelope, security headers, text input check).
 * Modules are installed on it afterwards.
 */
export async function createServer(config: Config, logger: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: () => crypto.randomUUID().slice(0, 8),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // before any plugin: a plugin's context keeps the body parsers it was created with
  installJsonDepthLimit(app)

  // External plugins.
  // the IETF RateLimit-Limit, -Remaining and -Reset headers (the public API documents them)
  await app.register(rateLimit, { global: false, enableDraftSpec: true })
  // multipart/form-data for uploads (materials, chat files); each file is capped at the spec's 10 MB
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_BATCH_MAX, fields: 20 },
  })
  await app.register(swagger, {
    openapi: { info: { title: 'WS Desk API', version: CLIENT_VERSION } },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })

  // App plugins.
  installErrorHandler(app)
  installSecurityHeaders(app)
  installTextInputCheck(app)
  return app as unknown as FastifyInstance
}
