import { z } from 'zod'
import { ErrorCode } from '../errors.js'
import type { RoleId } from '../roles.js'

/**
 * Each endpoint is written once, here in core: its method, path, inputs, the data of its success
 * answer and who may call it. The server registers it (with the response schema, so answers are
 * serialised by it and /docs shows them); the web calls it through a client typed by the same
 * object, so a change of shape breaks the type check on both sides.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Stands for a file answer in core, which knows no browser types; the web client reads it as a Blob. */
declare const fileMarker: unique symbol
export interface FileMarker {
  readonly [fileMarker]: true
}

/** A file answer (XLSX, CSV, media): no envelope, the bytes themselves. */
export const fileResponse = z
  .custom<FileMarker>(() => true)
  .meta({
    description: 'The file itself (no envelope); a refusal comes as a JSON envelope instead',
  })

export interface Endpoint {
  method: HttpMethod
  /** the spec's path, verbatim; `:name` marks a path parameter */
  path: string
  /** the roles allowed, checked in one hook before the body is read; `'public'` needs no sign-in */
  roles: readonly RoleId[] | 'public'
  summary: string
  tags: readonly string[]
  /** path parameters (`:name` in the path) */
  params?: z.ZodType
  /** the querystring (GET, DELETE) */
  query?: z.ZodType
  /** the JSON body (POST, PUT); `'multipart'` for an upload sent as form data */
  body?: z.ZodType | 'multipart'
  /** the envelope's `data` on success, or `fileResponse` */
  response: z.ZodType
}

/** Declares an endpoint, keeping its literal types for the server and the client. */
export const endpoint = <const E extends Endpoint>(e: E): E => e

type Input<S> = S extends z.ZodType ? z.input<S> : unknown

/**
 * What a caller sends, as one object: path parameters, then the body or the query (a form for
 * uploads). Where an endpoint takes both, the query's keys go in the querystring.
 */
export type EndpointInput<E extends Endpoint, Form = unknown> = (E['params'] extends z.ZodType
  ? z.input<E['params']>
  : unknown) &
  (E['body'] extends 'multipart'
    ? { form: Form }
    : E['body'] extends z.ZodType
      ? Input<E['body']> & Input<E['query']>
      : E['query'] extends z.ZodType
        ? Input<E['query']>
        : unknown)

/** What the caller gets: the success envelope's data (the file for a download). */
export type EndpointData<E extends Endpoint, File = unknown> = E['response'] extends typeof fileResponse
  ? File
  : z.output<E['response']>

/** The server-side value a handler answers with, before serialisation. */
export type EndpointAnswer<E extends Endpoint> = z.input<E['response']>

/** A refusal: the spec's code (never 0), its words in the caller's language, and any details. */
export const failureEnvelope = z
  .object({
    code: z
      .number()
      .int()
      .refine((c) => c !== ErrorCode.ok, 'a refusal never has code 0'),
    msg: z.string(),
    data: z.unknown(),
  })
  .meta({ description: 'A refusal: its code, its words in the caller’s language, and any details' })

/** The answer of an endpoint: `{ code: 0, msg: '', data }` on success, a refusal otherwise (both HTTP 200). */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.union([z.object({ code: z.literal(ErrorCode.ok), msg: z.string(), data }), failureEnvelope])

/** Fills `:name` path parameters from the input; returns the path and the rest of the input. */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input }
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const v = rest[name]
    if (v === undefined || v === null) throw new Error(`${path}: the path parameter ${name} is missing`)
    delete rest[name]
    return encodeURIComponent(String(v))
  })
  return { path: filled, rest }
}
