import { Readable } from 'node:stream'
import { GatewayError, type GatewayErrorCode } from '../gateway/errors.js'
import {
  ACCOUNT_CALLS,
  type AccountId,
  type AccountStatus,
  type MediaInput,
  type MessagingGateway,
} from '../gateway/messaging-gateway.js'
import { type ProcessBus, RemoteCallError } from './bus.js'
import type { Signals } from './signals.js'

/** Calls that act through one account's live connection run in the process holding it. */
const ROUTED = new Set<string>(ACCOUNT_CALLS)

const STATUS_TOPIC = 'account.status'
const GATEWAY_CALL = 'gateway'

export interface ClusterGatewayDeps {
  /** whether this process holds the account's connection */
  isHeld: (accountId: AccountId) => boolean
  /** the process holding the account now, if any */
  holderOf: (accountId: AccountId) => Promise<string | undefined>
  bus: ProcessBus
  signals: Signals
}

/**
 * The gateway as every module but the account runtime sees it when several processes share the
 * accounts: a call on an account held by another process runs there (over the process bus), and
 * `getStatus` of such an account answers the status its holder last announced. Events stay those
 * of the connections this process holds, so each message is stored once, by its holder.
 */
export function clusterGateway(local: MessagingGateway, deps: ClusterGatewayDeps): MessagingGateway {
  const remoteStatus = new Map<AccountId, AccountStatus>()
  deps.signals.subscribe(STATUS_TOPIC, (payload, fromSelf) => {
    if (fromSelf) return
    const { accountId, status } = payload as { accountId: AccountId; status: AccountStatus }
    remoteStatus.set(accountId, status)
  })
  local.on('status', ({ accountId, status }) => {
    remoteStatus.delete(accountId)
    deps.signals.publish(STATUS_TOPIC, { accountId, status })
  })

  // the holder's side of a routed call
  deps.bus.handle(GATEWAY_CALL, async (method, args) => {
    const fn = (local as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method as string]
    if (!ROUTED.has(method as string) || typeof fn !== 'function')
      throw new GatewayError('failed', 'unknown call')
    const value = await fn.apply(local, args as unknown[])
    return value instanceof Readable ? readAll(value) : value
  })

  async function routed(method: string, args: unknown[]): Promise<unknown> {
    const accountId = args[0] as AccountId
    const fn = (local as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method]
    if (deps.isHeld(accountId)) return fn.apply(local, args)
    const holder = await deps.holderOf(accountId)
    if (!holder || holder === deps.bus.self) return fn.apply(local, args)
    try {
      const value = await deps.bus.call(holder, GATEWAY_CALL, [method, await portable(args)])
      return method === 'downloadMedia' ? Readable.from(value as Buffer) : value
    } catch (e) {
      if (e instanceof RemoteCallError && e.remoteName === 'GatewayError')
        throw new GatewayError((e.code ?? 'failed') as GatewayErrorCode, e.message)
      if (e instanceof RemoteCallError && e.code === 'timeout') throw new GatewayError('timeout', e.message)
      throw e
    }
  }

  return new Proxy(local, {
    get(target, key, receiver) {
      if (key === 'getStatus')
        return (accountId: AccountId) => target.getStatus(accountId) ?? remoteStatus.get(accountId)
      const value = Reflect.get(target, key, receiver)
      if (typeof key === 'string' && ROUTED.has(key) && typeof value === 'function')
        return (...args: unknown[]) => routed(key, args)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Streams in the arguments read into buffers, so they can travel to another process. */
async function portable(args: unknown[]): Promise<unknown[]> {
  return Promise.all(
    args.map(async (a) => {
      if (!a || typeof a !== 'object') return a
      const o = a as Record<string, unknown>
      if (o.media && typeof o.media === 'object' && 'stream' in (o.media as object)) {
        const media = o.media as Extract<MediaInput, { stream: unknown }>
        return { ...o, media: { buffer: await readAll(media.stream) } }
      }
      return a
    }),
  )
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array))
  return Buffer.concat(chunks)
}
