import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'

/**
 * Messages every server process hears, for state kept in memory per process: a cache to forget,
 * an account's live status held elsewhere. With one process they stay in it; with several they
 * travel over Redis pub/sub. Delivery is at most once: nothing here may be the only copy of data.
 */
export interface Signals {
  publish(topic: string, payload: unknown): void
  subscribe(topic: string, listener: (payload: unknown, fromSelf: boolean) => void): () => void
}

export class LocalSignals implements Signals {
  private readonly events = new EventEmitter().setMaxListeners(0)
  publish(topic: string, payload: unknown): void {
    this.events.emit(topic, payload)
  }
  subscribe(topic: string, listener: (payload: unknown, fromSelf: boolean) => void): () => void {
    const fn = (payload: unknown) => listener(payload, true)
    this.events.on(topic, fn)
    return () => this.events.off(topic, fn)
  }
}

interface Envelope {
  from: string
  payload: unknown
}

/** Signals over one Redis channel per topic, under the deployment's prefix. */
export class RedisSignals implements Signals {
  private readonly local = new EventEmitter().setMaxListeners(0)
  private readonly channels = new Set<string>()

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly self: string,
  ) {
    // subscriptions that failed while Redis was away are made again when it is back
    sub.on('ready', () => {
      for (const channel of this.channels) void this.sub.subscribe(channel).catch(() => undefined)
    })
    sub.on('message', (channel: string, text: string) => {
      if (!channel.startsWith(this.channelPrefix)) return
      let env: Envelope
      try {
        env = JSON.parse(text) as Envelope
      } catch {
        return
      }
      this.local.emit(channel, env.payload, env.from === this.self)
    })
  }

  private get channelPrefix(): string {
    return `${this.prefix}signal:`
  }

  publish(topic: string, payload: unknown): void {
    const env: Envelope = { from: this.self, payload }
    void this.pub.publish(this.channelPrefix + topic, JSON.stringify(env)).catch(() => undefined)
  }

  subscribe(topic: string, listener: (payload: unknown, fromSelf: boolean) => void): () => void {
    const channel = this.channelPrefix + topic
    if (!this.channels.has(channel)) {
      this.channels.add(channel)
      void this.sub.subscribe(channel).catch(() => undefined)
    }
    this.local.on(channel, listener)
    return () => this.local.off(channel, listener)
  }
}
