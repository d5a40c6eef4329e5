import type { Source } from './faces.js'

/**
 * Who may open a `SystemScope`, with the reason. Request code never does: it works with the
 * caller's tenant. Engines and their workers (`*.engine.ts`, `engines/`) may open one anywhere.
 */
export const SYSTEM_SCOPE_OPENERS: Record<string, string> = {
  // start-up: the app's wiring, the platform's first tenant, the demo data, the simulated network
  'app.ts': 'start-up wiring: the platform-wide figures of /metrics and the status page',
  'modules/accounts/accounts.module.ts': 'start-up: relinks every linked account',
  'modules/dynamics/dynamics.module.ts': 'gateway events: a status viewer by account',
  'modules/platform/platform.module.ts': 'start-up wiring: the status page counts',
  'modules/tenantSettings/tenantSettings.module.ts': 'start-up wiring: every tenant’s opt-out rules',
  'modules/system/bootstrap.ts': 'start-up: the platform tenant',
  'modules/system/demo-billing.ts': 'demo seed',
  'modules/system/demo-link.ts': 'demo seed',
  'modules/system/demo-seed.ts': 'demo seed',
  'modules/sim/sim.service.ts': 'the simulated network (demo mode)',
  // the gateway's inbound path: events arrive by account, before any tenant is known
  'modules/accounts/accounts.login.ts': 'gateway events: a linked number by phone',
  'modules/accounts/accounts.status.ts': 'gateway events: connection state by account',
  'modules/groups/groups.events.ts': 'gateway events: a group by jid',
  'modules/messages/inbound.accounts.ts': 'gateway inbound: the account of an event',
  'modules/messages/inbound.service.ts': 'gateway inbound: receipts and edits by account',
  'modules/messages/inbound.store.ts': 'gateway inbound: echoes and replies by account',
  'modules/diversion/diversion.consumer.ts': 'inbound events: first messages attributed to visits',
  // engines' workers: run only by their engine's loop
  'modules/massSend/lane.account.ts': 'mass-send engine',
  'modules/massSend/lane.sender.ts': 'mass-send engine',
  'modules/massSend/lane.worker.ts': 'mass-send engine',
  'modules/massSend/massSend.lifecycle.ts': 'mass-send engine',
  'modules/massSend/massSend.prepare.ts': 'mass-send engine',
  'modules/massSend/massSend.tasks.ts': 'mass-send engine: the task cache by id',
  'modules/messages/media.cleanup.ts': 'media sweep loop',
  'modules/messages/message-cursor.ts': 'durable subscribers walk every tenant’s messages',
  'modules/nurturing/nurturing.reads.ts': 'nurturing engine',
  'modules/nurturing/nurturing.service.ts': 'nurturing engine and the platform’s rules',
  'modules/outbox/send-pacer.ts': 'outbox dispatcher',
  'modules/webhooks/webhook.delivery.ts': 'webhook delivery engine: every tenant’s queue',
  'modules/risk/risk.gate.ts': 'outbox dispatcher: risk windows by account',
  'modules/risk/risk.warnings.ts': 'outbox dispatcher and inbound: warnings by account',
  'modules/billing/seats.service.ts': 'seat expiry loop',
  'modules/fans/inheritance.service.ts': 'inheritance loop',
  // public lookups: no caller yet, the key is a secret or a public code
  'modules/auth/auth.service.ts': 'sign-in: a user by enterprise account and name',
  'modules/auth/token.service.ts': 'sign-in: a token by its hash',
  'modules/accounts/acquisition.service.ts': 'public share page by code',
  'modules/diversion/counter.service.ts': 'public share page by code',
  'modules/diversion/visits.ts': 'public diversion link by code',
  'modules/merchants/merchants.service.ts': 'public merchant link by code',
  'modules/publicApi/api-keys.service.ts': 'the public API’s gate: a key by its hash',
}

/**
 * Request code that still opens a scope, each entry to become tenant-scoped; none is left. The list
 * only shrinks: request code spans tenants through the caller's `PlatformReach`, or leaves a rule
 * across tenants to the database (a number belongs to one live account: a unique index).
 */
export const REQUEST_OPENERS_TO_SCOPE: readonly string[] = []

/**
 * The one file that makes a platform caller's reach over tenants (`platformReach`): the platform's
 * scope, from the caller's sellers. Any other maker would let request code span tenants unchecked.
 */
export const PLATFORM_REACH_MAKERS: readonly string[] = [
  'http/platform-reach.ts',
  'modules/platform/platform.scope.ts',
]

/** Files that name `platformReach(` (the maker) without being the platform's scope. */
export function unlistedReachMakers(sources: Source[]): string[] {
  return sources
    .filter((s) => /\bplatformReach\b/.test(s.text) && !PLATFORM_REACH_MAKERS.includes(s.path))
    .map((s) => s.path)
}

const isEngine = (p: string): boolean => p.endsWith('.engine.ts') || p.startsWith('engines/')

/** Files that name `openSystemScope` (a call, an import or a re-export) without being listed as openers. */
export function unlistedOpeners(sources: Source[]): string[] {
  return sources
    .filter((s) => s.path !== 'db/system-scope.ts' && /\bopenSystemScope\b/.test(s.text))
    .map((s) => s.path)
    .filter((p) => !isEngine(p) && !(p in SYSTEM_SCOPE_OPENERS) && !REQUEST_OPENERS_TO_SCOPE.includes(p))
}
