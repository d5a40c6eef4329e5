import { TENANT_ROLES } from '@app/core'
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { QueryShapes } from '../../db/query-shapes.js'
import type { Caller } from '../../http/caller.js'
import { AccountDirectory, scopeVersion } from '../accounts/index.js'
import { visibleSessions } from './session.visibility.js'
import { systemGroupsHidden } from './system-groups.js'

/** How long a caller's scope is reused; a change made through this process forgets it at once. */
const TTL_MS = 1_000
const KEYS_MAX = 10_000
/** More accounts than this are left to the rule's subquery rather than listed as values. */
const VALUES_MAX = 1_000

/**
 * What the session visibility rule (session.visibility.ts) resolves to for one caller, and the
 * desk user's choice of hiding system groups: the list then states the accounts as values, so the
 * statement that walks the sessions reads no other table.
 */
export interface SessionScope {
  /**
   * The sessions of deleted WS accounts are seen by nobody, so the rule names the tenant's live
   * accounts (`only`), or the deleted ones when fewer (`except`), or none while none was deleted
   * (both null): the walk checks the list on every index entry it reads.
   */
  only: number[] | null
  except: number[] | null
  /** for an agent: the live accounts assigned to them; null for the whole tenant */
  assigned: number[] | null
  hidesSystemGroups: boolean
}

type SessionAlias = ExpressionBuilder<Database & { s: Database['sessions'] }, 's'>

/**
 * `visibleSessions` with the accounts given: the same rule, on sessions aliased `s`. An agent sees
 * a session migrated to them, or one of an account assigned to them not migrated to someone else.
 */
export function sessionsInScope(caller: Caller, scope: SessionScope) {
  return (eb: SessionAlias): Expression<SqlBool> => {
    if (!TENANT_ROLES.includes(caller.roleId) || scope.only?.length === 0) return sql<SqlBool>`1 = 0`
    const listed = [scope.only, scope.except, scope.assigned]
    if (listed.some((list) => list && list.length > VALUES_MAX)) return visibleSessions(caller)(eb)
    const conditions = [eb('s.tenant_id', '=', caller.tenantId)]
    if (scope.only) conditions.push(eb('s.account_id', 'in', scope.only))
    if (scope.except?.length) conditions.push(eb('s.account_id', 'not in', scope.except))
    if (caller.agentId !== null) {
      const mine = eb('s.agent_user_id', '=', caller.agentId)
      const assigned = scope.assigned ?? []
      conditions.push(
        assigned.length
          ? eb.or([mine, eb.and([eb('s.agent_user_id', 'is', null), eb('s.account_id', 'in', assigned)])])
          : mine,
      )
    }
    return eb.and(conditions)
  }
}

/**
 * Callers' scopes, briefly reused: the desk's list asks for one on every page, and they change
 * rarely (an account deleted or assigned, the system-groups choice). Each key is read once however
 * many pages ask at the same time; a change told by `scopeChanged` shows at once, any other (in
 * another process) within TTL_MS.
 */
export class SessionScopes {
  private readonly entries = new Map<string, { at: number; version: number; value: Promise<SessionScope> }>()

  private readonly accounts: AccountDirectory

  constructor(private readonly db: Db) {
    this.accounts = new AccountDirectory(db)
  }

  of(caller: Caller): Promise<SessionScope> {
    const k = `${caller.tenantId}|${caller.agentId ?? ''}|${caller.actingUserId}`
    const now = Date.now()
    const version = scopeVersion(caller.tenantId)
    const hit = this.entries.get(k)
    if (hit && now - hit.at < TTL_MS && hit.version === version) return hit.value
    const value = this.read(caller)
    this.entries.set(k, { at: now, version, value })
    value.catch(() => this.entries.delete(k))
    if (this.entries.size > KEYS_MAX) this.entries.delete(this.entries.keys().next().value as string)
    return value
  }

  private async read(caller: Caller): Promise<SessionScope> {
    const [all, hidesSystemGroups] = await Promise.all([
      this.accounts.withAgents(caller.tenantId),
      systemGroupsHidden(this.db, caller.tenantId, caller.actingUserId),
    ])
    const accounts = all.filter((a) => a.deleted_at === null)
    const live = accounts.map((a) => a.id)
    const deleted = all.filter((a) => a.deleted_at !== null).map((a) => a.id)
    const byDeleted = deleted.length < live.length
    return {
      only: byDeleted ? null : live,
      except: byDeleted && deleted.length ? deleted : null,
      assigned:
        caller.agentId === null
          ? null
          : accounts.filter((a) => a.agent_user_id === caller.agentId).map((a) => a.id),
      hidesSystemGroups,
    }
  }
}

/**
 * A session in the caller's scope with its customer's names, for the chat box (one statement,
 * compiled once per shape in the caller's `shapes`).
 */
export async function chatSessionInScope(
  shapes: QueryShapes,
  db: Db,
  caller: Caller,
  scope: SessionScope | null,
  sessionId: number,
) {
  const values = {
    tenantId: caller.tenantId,
    agentId: caller.agentId,
    only: scope?.only,
    except: scope?.except,
    assigned: scope?.assigned,
    sessionId,
  }
  const [row] = await shapes.rows(
    `chat-session:${caller.roleId}:${scope ? 'scope' : 'rule'}`,
    values,
    (v) => {
      const who = { ...caller, tenantId: v.tenantId, agentId: v.agentId }
      return db
        .selectFrom('sessions as s')
        .leftJoin('fans as f', 'f.id', 's.fan_id')
        .select(['s.id', 's.account_id', 's.fan_id', 'f.jid', 'f.nickname', 'f.push_name', 'f.phone'])
        .where(
          scope
            ? sessionsInScope(who, {
                ...scope,
                only: v.only ?? null,
                except: v.except ?? null,
                assigned: v.assigned ?? null,
              })
            : visibleSessions(who),
        )
        .where('s.id', '=', v.sessionId)
    },
  )
  return row
}
