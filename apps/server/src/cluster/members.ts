import type { Redis } from 'ioredis'

/**
 * The server processes alive now: a sorted set in Redis scored by when each one's heartbeat runs
 * out. A process that stops beating drops out after `ttlMs`.
 */
export class Members {
  private readonly key: string

  constructor(
    private readonly redis: Redis,
    prefix: string,
    readonly self: string,
    private readonly ttlMs: number,
  ) {
    this.key = `${prefix}members`
  }

  async beat(): Promise<void> {
    const now = Date.now()
    await this.redis
      .multi()
      .zadd(this.key, now + this.ttlMs, this.self)
      .zremrangebyscore(this.key, '-inf', now)
      .exec()
  }

  async alive(): Promise<string[]> {
    return this.redis.zrangebyscore(this.key, Date.now(), '+inf')
  }

  async leave(): Promise<void> {
    await this.redis.zrem(this.key, this.self)
  }
}
