import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Webhook signatures as the Standard Webhooks convention writes them, so receivers can verify with
 * its libraries or a few lines: the secret is `whsec_` and base64 key bytes; each delivery carries
 * `webhook-id` (the event's id, the same on every attempt), `webhook-timestamp` (seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. A receiver rejects a
 * timestamp far from its clock (replays) and an id it has seen (repeats).
 */
const SECRET_PREFIX = 'whsec_'

export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64')
}

const keyOf = (secret: string) => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')

function sign(secret: string, id: string, timestampSec: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSec}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The headers of one attempt. */
export function signedHeaders(secret: string, id: string, body: string, now: number): Record<string, string> {
  const timestamp = Math.floor(now / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'ws-desk-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, id, timestamp, body),
  }
}

/** How far a receiver's clock may be from the timestamp (the convention's five minutes). */
const TOLERANCE_SEC = 300

/** A receiver's check (tests and the README's example do the same). */
export function verify(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowMs = Date.now(),
): boolean {
  const ts = Number(headers.timestamp)
  if (!Number.isInteger(ts) || Math.abs(nowMs / 1000 - ts) > TOLERANCE_SEC) return false
  const expected = Buffer.from(sign(secret, headers.id, ts, body).slice(3), 'base64')
  return headers.signature.split(' ').some((part) => {
    const [version, mac] = part.split(',')
    if (version !== 'v1' || !mac) return false
    const given = Buffer.from(mac, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}
