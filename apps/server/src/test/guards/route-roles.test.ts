import { ChatHistoryPath, PLATFORM_ROLES, ROLE_IDS, Role, type RoleId, roleName } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext } from '../harness.js'
import { apiOperations, documentedOperations, type Operation, TEAM_LEAD_ROUTES, urlOf } from './surface.js'

/**
 * Every route × every role (and no token) answers as the route-access table declares: without a
 * token 401 unless public; a role not declared 403; a declared role neither. The routes come from
 * the server (its route-access table and OpenAPI document), so a new route is checked without
 * being listed here. The calls carry no body or query: the gate decides before validation, so the
 * answer is the gate's alone (rules inside a route answer 403 to some bodies by design, e.g. a
 * public material group is the supervisor's). Each call has a fresh token, since some routes end
 * the caller's sign-in (logout, a password change).
 *
 * The team lead's column is checked against its decision (TEAM_LEAD_ROUTES) rather than the
 * route-access table: every route it may call answers it, every other non-public route 403.
 */

const ctx = await createTestContext({ LOGIN_RATE_PER_MINUTE: '100000' })
const operations = apiOperations(ctx)
const teamLeadMay = new Set(TEAM_LEAD_ROUTES)
const userOf = new Map<RoleId, { id: number; tenant_id: number }>()

beforeAll(async () => {
  const platform = await ctx.db
    .selectFrom('tenants')
    .select('id')
    .where('is_platform', '=', 1)
    .executeTakeFirstOrThrow()
  const tenant = await ctx.tenant('roles')
  for (const role of ROLE_IDS) {
    const tenantId = PLATFORM_ROLES.includes(role) ? platform.id : tenant
    userOf.set(role, { id: await ctx.user(tenantId, role, `roles-${roleName(role)}`), tenant_id: tenantId })
  }
})
afterAll(() => ctx.close())

/** How a caller fared at the gate: refused as unknown (401), refused by role (403), or let through. */
type Gate = 401 | 403 | 'through'

async function gate(op: Operation, role: RoleId | null): Promise<Gate> {
  const user = role === null ? undefined : userOf.get(role)
  const token = user
    ? (await ctx.services.tokens.issue(user, { ip: '127.0.0.1', userAgent: 'guard' })).accessToken
    : undefined
  const res = await ctx.app.inject({
    method: op.method,
    url: urlOf(op, {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const code = res.headers['content-type']?.toString().includes('json')
    ? res.json<{ code: number }>().code
    : res.statusCode
  return code === 401 || code === 403 ? code : 'through'
}

describe('the gate answers as the route-access table declares', () => {
  it('every /damai path of the OpenAPI document is in the route-access table', () => {
    const declared = new Set(operations.map((op) => op.key))
    expect(documentedOperations(ctx.app).filter((key) => !declared.has(key))).toEqual([])
  })

  it("names in the team lead's decision only routes that exist, and every call of the chat history", () => {
    const keys = new Set(operations.map((op) => op.key))
    expect(TEAM_LEAD_ROUTES.filter((key) => !keys.has(key))).toEqual([])
    const historyCalls = operations
      .filter((op) => (Object.values(ChatHistoryPath) as string[]).includes(op.url))
      .map((op) => op.key)
    expect(historyCalls).toHaveLength(Object.keys(ChatHistoryPath).length)
    expect(historyCalls.filter((key) => !teamLeadMay.has(key))).toEqual([])
  })

  it.each(operations.map((op) => [op.key, op] as const))('%s', async (_, op) => {
    const expected: Record<string, Gate> = { 'no token': op.public ? 'through' : 401 }
    const actual: Record<string, Gate> = { 'no token': await gate(op, null) }
    for (const role of ROLE_IDS) {
      const declared = role === Role.customerUserLeader ? teamLeadMay.has(op.key) : op.roles.includes(role)
      expected[roleName(role)] = op.public || declared ? 'through' : 403
      actual[roleName(role)] = await gate(op, role)
    }
    expect(actual).toEqual(expected)
  })
})
