import type { DisconnectKind } from '../messaging-gateway.js'

export interface DisconnectClass {
  kind: DisconnectKind
  /** no automatic reconnect */
  terminal: boolean
  /** the auth state is dead: delete it */
  wipeAuth: boolean
}

/** How many 500s in a row are retried before the session counts as broken ("key error"). */
export const BAD_SESSION_RETRIES = 3

const PROXY_WORDS = /proxy|socks|tunnel(?:ing)? socket|407/i
const NETWORK_WORDS =
  /ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|socket hang up|timed out/i

/**
 * Classify a closed socket by `lastDisconnect.error.output.statusCode` and message, per the table
 * in docs/whatsapp-gateway.md. A 500 is ambiguous (bad session or a failing proxy): the message
 * decides, and the caller retries bad sessions at most BAD_SESSION_RETRIES times. A missing code
 * with a network-looking message is a lost connection.
 */
export function classifyDisconnect(statusCode: number | undefined, message = ''): DisconnectClass {
  const retry = (kind: DisconnectKind): DisconnectClass => ({ kind, terminal: false, wipeAuth: false })
  const stop = (kind: DisconnectKind, wipeAuth = false): DisconnectClass => ({
    kind,
    terminal: true,
    wipeAuth,
  })
  switch (statusCode) {
    case 515:
      return retry('restart_required')
    case 401:
      return stop('logged_out', true)
    case 402:
    case 403:
    case 406:
      return stop('banned')
    case 440:
      return stop('replaced')
    case 411:
      return stop('bad_session')
    case 405:
      // "Connection Failure" with reason 405: WhatsApp refuses the client version (the caller
      // fetches a newer one and retries once)
      return retry('client_outdated')
    case 500:
      if (PROXY_WORDS.test(message)) return retry('proxy_error')
      return retry('bad_session')
    case 408:
      if (/QR refs attempts ended/i.test(message)) return stop('qr_expired', true)
      return retry(PROXY_WORDS.test(message) ? 'proxy_error' : 'connection_lost')
    case 428:
    case 503:
      return retry(PROXY_WORDS.test(message) ? 'proxy_error' : 'connection_lost')
    case undefined:
      if (PROXY_WORDS.test(message)) return retry('proxy_error')
      if (NETWORK_WORDS.test(message)) return retry('connection_lost')
      return retry('unknown')
    default:
      // 429 and other transient server answers: retry with backoff
      return retry(statusCode >= 500 || statusCode === 429 ? 'connection_lost' : 'unknown')
  }
}
