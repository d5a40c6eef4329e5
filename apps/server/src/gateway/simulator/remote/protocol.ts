// What the simulated network's service and the server processes say to each other over
// socket.io: the channels, which methods each side may call, and errors as they travel.
import { GatewayError, type GatewayErrorCode, isGatewayError } from '../../errors.js'
import { ACCOUNT_CALLS, type GatewayEvents } from '../../messaging-gateway.js'
import { SimLinkError } from '../linking.js'

/** Channels: client → service calls ('gw', 'phone'); service → client ('event', 'links'). */
export const CHANNEL = { gateway: 'gw', phone: 'phone', event: 'event', links: 'links' } as const

/** Every event a gateway emits, forwarded to the client whose gateway emitted it. */
export const GATEWAY_EVENTS: (keyof GatewayEvents)[] = [
  'status',
  'message',
  'message.status',
  'group.updated',
  'group.participants',
  'contacts',
  'identity.mapping',
  'presence',
]

/** The gateway methods a client may call; nothing else of the service's gateway is reachable. */
export const GATEWAY_METHODS = [
  'login',
  'resume',
  'disconnect',
  'logout',
  ...ACCOUNT_CALLS,
  'idle',
  'pendingQrLogins',
] as const
export type GatewayMethod = (typeof GATEWAY_METHODS)[number]

export const LINK_METHODS = ['load', 'save', 'remove', 'list'] as const
export type LinkMethod = (typeof LINK_METHODS)[number]

type WireError =
  | { kind: 'gateway'; code: GatewayErrorCode; message: string; statusCode?: number }
  | { kind: 'link'; code: SimLinkError['code']; message: string }
  | { kind: 'error'; message: string }

export type Reply<T = unknown> = { ok: true; value?: T } | { ok: false; error: WireError }

function encodeError(e: unknown): WireError {
  if (isGatewayError(e)) {
    const statusCode = e.details?.statusCode
    return { kind: 'gateway', code: e.code, message: e.message, ...(statusCode ? { statusCode } : {}) }
  }
  if (e instanceof SimLinkError) return { kind: 'link', code: e.code, message: e.message }
  return { kind: 'error', message: e instanceof Error ? e.message : String(e) }
}

/** The error the caller would have seen in-process: the same class and code. */
function decodeError(w: WireError): Error {
  if (w.kind === 'gateway')
    return new GatewayError(w.code, w.message, w.statusCode ? { statusCode: w.statusCode } : undefined)
  if (w.kind === 'link') return new SimLinkError(w.code, w.message)
  return new Error(w.message)
}

/** Run `fn` and answer the result or the error as a reply. */
export async function answer(fn: () => unknown): Promise<Reply> {
  try {
    return { ok: true, value: await fn() }
  } catch (e) {
    return { ok: false, error: encodeError(e) }
  }
}

export function unwrap<T>(reply: Reply<T>): T {
  if (!reply.ok) throw decodeError(reply.error)
  return reply.value as T
}

/** Arguments arrive with `undefined` turned into `null` (JSON): give the callee `undefined` back. */
export const restoreArgs = (args: unknown): unknown[] =>
  Array.isArray(args) ? args.map((a) => (a === null ? undefined : a)) : []

export const isMethod = <T extends string>(list: readonly T[], name: unknown): name is T =>
  typeof name === 'string' && (list as readonly string[]).includes(name)
