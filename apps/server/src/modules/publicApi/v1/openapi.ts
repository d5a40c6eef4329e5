import { CLIENT_VERSION } from '@app/core'
import { z } from 'zod'
import type { Operation } from './operation.js'
import { problemSchema } from './problem.js'

type Json = Record<string, unknown>

/** The failures each kind of operation may answer, besides 401 and 429, which every one may. */
const FAILURES: Record<string, string> = {
  '400': 'The request is not valid: see `errors`',
  '401': 'No API key, or a key that is unknown, revoked or expired',
  '403': 'The key lacks the scope, or is used from an address it is not allowed from',
  '404': 'Not found in the key’s tenant (the path’s id, or one the body names)',
  '409': 'A request with this Idempotency-Key is still being processed',
  '422':
    'Refused by a business rule (its `code` and `detail` say which), or an Idempotency-Key reused with another request',
  '429': 'Too many requests for this key: see the RateLimit headers',
}

const TAGS: Record<string, string> = {
  accounts: 'The tenant’s WhatsApp numbers',
  customers: 'Customers (the fans of the tenant’s numbers)',
  labels: 'Labels given to customers',
  sessions: 'Conversations: a customer or group chat of one number',
  messages: 'Messages of a conversation; sending through the outbox and its risk rules',
  materials: 'The material library: the public one and the key owner’s own',
  'mass-sends': 'Mass sends: one set of sentences to many recipients, paced per number through the outbox',
  webhooks: 'Webhook endpoints: where the tenant’s events are posted, signed the Standard Webhooks way',
}

/**
 * A record keyed by an enum holds every key: written as the properties it has, since OpenAPI tools
 * read `required` against `properties` and not against `propertyNames`.
 */
function recordAsProperties(s: Json): void {
  const keys = s.required
  const value = s.additionalProperties
  if (s.type !== 'object' || !s.propertyNames || s.properties || !Array.isArray(keys)) return
  if (typeof value !== 'object' || value === null) return
  s.properties = Object.fromEntries(keys.map((k) => [String(k), value]))
  s.additionalProperties = false
  delete s.propertyNames
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    reused: 'inline',
    override: ({ jsonSchema }) => recordAsProperties(jsonSchema as Json),
  }) as Json
  return rest
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return []
  const s = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] }
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = prop as Json & { description?: string }
    return {
      name,
      in: where,
      required: where === 'path' || (s.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    }
  })
}

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
})

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
}

/** The OpenAPI 3.1 document of the public API, built from the operations themselves. */
export function openApiDocument(operations: readonly Operation[]): Json {
  const paths: Record<string, Record<string, Json>> = {}
  for (const op of operations) {
    const path = openApiPath(op.path)
    const failures = [
      '400',
      '401',
      '403',
      '429',
      // a path id, or an id in the body (a number, a label, a material), may name nothing of the tenant
      ...(op.params || op.body ? ['404'] : []),
      ...(op.create ? ['409', '422'] : ['422']),
    ]
    const responses: Json = {
      [String(op.status ?? 200)]: {
        description: 'Success',
        headers: RATE_HEADERS,
        content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
      },
    }
    for (const code of [...new Set(failures)].sort()) responses[code] = problemResponse(FAILURES[code])
    const params = [...parameters(op.params, 'path'), ...parameters(op.query, 'query')]
    if (op.create)
      params.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Any unique string (a UUID): a repeat with the same key and body answers the first result and acts no more',
        schema: { type: 'string', maxLength: 255 },
      })
    paths[path] ??= {}
    paths[path][op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      ...(params.length ? { parameters: params } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
            },
          }
        : {}),
      responses,
      'x-scope': op.scope,
    }
  }
  const tags = [...new Set(operations.map((o) => o.tag))].map((name) => ({
    name,
    description: TAGS[name] ?? name,
  }))
  return {
    openapi: '3.1.0',
    info: {
      title: 'WS Desk public API',
      version: CLIENT_VERSION,
      description:
        'Drive the tenant’s WhatsApp numbers from your own systems. Authenticate with an API key made on the console’s settings page (`Authorization: Bearer wsk_…`). Webhooks announce what happens afterwards.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api/v1', description: 'This server' }],
    security: [{ apiKey: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key of the tenant (`wsk_…`)' },
      },
      schemas: { Problem: jsonSchema(problemSchema, 'output') },
    },
  }
}
