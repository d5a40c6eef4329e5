import type { ApiScopeValue } from '@app/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { ApiPrincipal } from '../api-keys.service.js'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

/** What a handler is given: the key's principal and the validated inputs. */
interface OperationContext<P, Q, B> {
  principal: ApiPrincipal
  params: Out<P>
  query: Out<Q>
  body: Out<B>
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * One operation of the public API, written once: its route, the scope a key needs, the schemas
 * of its inputs and answer (validated, serialised and published in the OpenAPI document from the
 * same objects), and its handler. `create`: it makes something, and honours `Idempotency-Key`.
 */
export interface Operation<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: Method
  /** below /api/v1; `:name` marks a path parameter */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: string
  scope: ApiScopeValue
  params?: P
  query?: Q
  body?: B
  response: R
  /** the success status (200 unless said) */
  status?: 200 | 201
  create?: boolean
  handler: (ctx: OperationContext<P, Q, B>) => Promise<z.input<R>>
}

/** Declares an operation, keeping its schemas' types for the handler. */
export const operation = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  o: Operation<P, Q, B, R>,
): Operation => o as unknown as Operation
