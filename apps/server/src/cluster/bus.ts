import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'

type Handler = (...args: unknown[]) => Promise<unknown>

interface CallMessage {
  t: 'call'
  id: string
  from: string
  method: string
  args: unknown
}
interface ReplyMessage {
  t: 'reply'
  id: string
  ok: boolean
  value?: unknown
  error?: { message: string; code?: string; name?: string; retryable?: boolean }
}

/** An error raised by the process that ran the call, as it raised it. */
export class RemoteCallError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly remoteName?: string,
  ) {
    super(message)
  }
}

/**
 * Calls into another server process over Redis pub/sub: each process listens on its own channel;
 * a call names the method and waits for the reply (or times out). Buffers travel as base64.
 */
export class ProcessBus {
  private readonly handlers = new Map<string, Handler>()
  private readonly pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }
  >()
  private readonly channel: string

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    readonly self: string,
    private readonly timeoutMs = 30_000,
  ) {
    this.channel = this.channelOf(self)
    sub.on('message', (channel: string, text: string) => {
      if (channel === this.channel) void this.receive(text)
    })
  }

  /** Listen on this process's channel, now and again after every reconnection to Redis. */
  async start(onError: (err: unknown) => void): Promise<void> {
    const subscribe = () => this.sub.subscribe(this.channel).catch(onError)
    this.sub.on('ready', () => void subscribe())
    await subscribe()
  }

  handle(method: string, handler: Handler): void {
    this.handlers.set(method, handler)
  }

  call<T = unknown>(target: string, method: string, args: unknown[]): Promise<T> {
    const id = randomBytes(8).toString('hex')
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new RemoteCallError(`no answer from ${target} to ${method}`, 'timeout'))
      }, this.timeoutMs)
      timer.unref()
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer })
      const msg: CallMessage = { t: 'call', id, from: this.self, method, args: encode(args) }
      this.pub.publish(this.channelOf(target), JSON.stringify(msg)).catch((e: unknown) => {
        clearTimeout(timer)
        this.pending.delete(id)
        reject(e)
      })
    })
  }

  close(): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer)
      p.reject(new RemoteCallError('closing', 'timeout'))
    }
    this.pending.clear()
  }

  private channelOf(processId: string): string {
    return `${this.prefix}proc:${processId}`
  }

  private async receive(text: string): Promise<void> {
    let msg: CallMessage | ReplyMessage
    try {
      msg = JSON.parse(text) as CallMessage | ReplyMessage
    } catch {
      return
    }
    if (msg.t === 'reply') {
      const p = this.pending.get(msg.id)
      if (!p) return
      clearTimeout(p.timer)
      this.pending.delete(msg.id)
      if (msg.ok) p.resolve(decode(msg.value))
      else p.reject(new RemoteCallError(msg.error?.message ?? 'failed', msg.error?.code, msg.error?.name))
      return
    }
    const handler = this.handlers.get(msg.method)
    let reply: ReplyMessage
    try {
      if (!handler) throw new RemoteCallError(`no handler for ${msg.method}`)
      const value = await handler(...(decode(msg.args) as unknown[]))
      reply = { t: 'reply', id: msg.id, ok: true, value: encode(value) }
    } catch (e) {
      const err = e as { message?: string; code?: unknown; name?: string }
      reply = {
        t: 'reply',
        id: msg.id,
        ok: false,
        error: {
          message: String(err?.message ?? e),
          code: typeof err?.code === 'string' ? err.code : undefined,
          name: err?.name,
        },
      }
    }
    await this.pub.publish(this.channelOf(msg.from), JSON.stringify(reply)).catch(() => undefined)
  }
}

/** JSON with Buffers as `{ $b64 }`. */
export function encode(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $b64: value.toString('base64') }
  if (value instanceof Uint8Array) return { $b64: Buffer.from(value).toString('base64') }
  if (Array.isArray(value)) return value.map(encode)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encode(v)
    return out
  }
  return value
}

export function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode)
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (typeof o.$b64 === 'string' && Object.keys(o).length === 1) return Buffer.from(o.$b64, 'base64')
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(o)) out[k] = decode(v)
    return out
  }
  return value
}
