import { type Endpoint, type EndpointAnswer, type Envelope, envelopeOf, fileResponse } from '@app/core'
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'

type Out<S> = S extends z.ZodType ? z.output<S> : unknown

/** The request a handler of the endpoint receives: its inputs already validated by their schemas. */
type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Out<E['params']>
  Querystring: Out<E['query']>
  Body: E['body'] extends z.ZodType ? z.output<E['body']> : unknown
}>

/** A handler answers the success envelope (`ok(data)`), or sends a file itself through `reply`. */
export type EndpointHandler<E extends Endpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E['response'] extends typeof fileResponse ? unknown : Envelope<EndpointAnswer<E>>>

/** What a route adds to its contract: rate limits, the desk-entry flag, a body limit, hooks. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'roles' | 'public'> & Record<string, unknown>
  bodyLimit?: number
  preHandler?: RouteShorthandOptions['preHandler']
  onRequest?: RouteShorthandOptions['onRequest']
}

/**
 * Registers an endpoint from its contract: path, method, roles and schemas (inputs validated, the
 * answer serialised by its response schema, every one shown on /docs).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const access = e.roles === 'public' ? { public: true } : { roles: e.roles }
  const json = e.response !== fileResponse
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    bodyLimit: extras.bodyLimit,
    preHandler: extras.preHandler,
    onRequest: extras.onRequest,
    config: { ...extras.config, ...access },
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body && e.body !== 'multipart' ? { body: e.body } : {}),
      ...(e.body === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
      // a file is streamed as it is: only its refusals are JSON, documented as the envelope
      response: { 200: json ? envelopeOf(e.response) : envelopeOf(fileResponse) },
    },
    // the request's types come from the same schemas fastify validates with
    handler: handler as never,
  })
}
