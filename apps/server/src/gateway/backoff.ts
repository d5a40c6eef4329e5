export interface BackoffOptions {
  /** first delay and floor, ms */
  baseMs: number
  /** ceiling, ms */
  maxMs: number
}

/** 2 s → 5 min, as the gateway notes prescribe for lost connections. */
export const RECONNECT_BACKOFF: BackoffOptions = { baseMs: 2_000, maxMs: 300_000 }

/**
 * Delay before reconnect attempt `attempt` (1-based): exponential growth with full jitter,
 * uniform in [base, min(max, base·2^(attempt-1))]. The floor keeps a dead network (a socket that
 * closes 12 ms after start) from turning into a busy loop; the jitter spreads many accounts
 * reconnecting after one outage.
 */
export function backoffDelay(
  attempt: number,
  opts: BackoffOptions = RECONNECT_BACKOFF,
  random: () => number = Math.random,
): number {
  const n = Math.max(1, Math.floor(attempt))
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(n - 1, 30))
  return Math.round(opts.baseMs + random() * (ceiling - opts.baseMs))
}
