import { Role, type RoleId, type RoleName } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { RouteAccess } from '../../http/auth.js'

/** The API surface as the server itself declares it: the OpenAPI document joined with the route-access table. */

export interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean | number
  minLength?: number
  maxLength?: number
  pattern?: string
  nullable?: boolean
  minItems?: number
  maxItems?: number
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Param {
  in: 'path' | 'query'
  name: string
  required: boolean
  schema: JsonSchema
}

export interface Operation {
  method: Method
  /** as Fastify routes it: `/damai/customer/user/chatMedia/:messageId` */
  url: string
  /** `METHOD url`, the name tests are reported under */
  key: string
  public: boolean
  roles: RoleId[]
  params: Param[]
  /** the JSON body schema; null when the route declares none (bodyless calls and multipart uploads) */
  body: JsonSchema | null
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
}

const roleIds = (access: string): RoleId[] =>
  access === 'public' ? [] : access.split(',').map((name) => Role[name as RoleName])

/** Every `/damai` operation of the app, with its declared roles and request schemas. */
export function apiOperations(app: { app: FastifyInstance; routes: RouteAccess[] }): Operation[] {
  const doc = app.app.swagger() as unknown as OpenApiDocument
  return app.routes.map((route) => {
    const docPath = route.url.replace(/:(\w+)/g, '{$1}')
    const op = doc.paths[docPath]?.[route.method.toLowerCase()]
    if (!op) throw new Error(`${route.method} ${route.url} is missing from the OpenAPI document`)
    return {
      method: route.method as Method,
      url: route.url,
      key: `${route.method} ${route.url}`,
      public: route.access === 'public',
      roles: roleIds(route.access),
      params: (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          in: p.in as Param['in'],
          name: p.name,
          required: p.required === true,
          schema: p.schema,
        })),
      body: op.requestBody?.content['application/json']?.schema ?? null,
    }
  })
}

/** The `/damai` paths of the OpenAPI document, as `METHOD url`: each must be in the route table. */
export function documentedOperations(app: FastifyInstance): string[] {
  const doc = app.swagger() as unknown as OpenApiDocument
  return Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/damai/'))
    .flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    )
}

/** The URL of a call: path parameters substituted. */
export function urlOf(op: Operation, path: Record<string, string>): string {
  return op.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(path[name] ?? '1'))
}

/**
 * The team lead's (customerUserLeader) routes as product-decisions decides them: chat history of
 * the tenant, read-only, and home; no desk data, no material writes. Written out here, not read
 * from the route table, so that a route opened to the team lead by mistake fails the guard test.
 * Public routes are everyone's and are not listed.
 */
export const TEAM_LEAD_ROUTES: readonly string[] = [
  // home: the signed-in user, the enabled announcements, the figures of the home page
  'GET /damai/system/user/profile/get',
  'PUT /damai/system/user/profile/update-password',
  'POST /damai/system/auth/logout',
  'GET /damai/notice/announcement/enable',
  'GET /damai/home/figures',
  // the layout of every page of the tenant's people: page title and display defaults
  'GET /damai/customer/tenantSetting/display',
  // the chat history, read-only: search, options, the conversation of a hit, the export
  'POST /damai/chatHistory/message/search',
  'GET /damai/chatHistory/filter/options',
  'POST /damai/chatHistory/conversation/page',
  'POST /damai/chatHistory/message/export',
  // the files of the messages the chat history shows
  'GET /damai/customer/user/chatMedia/:messageId',
]
