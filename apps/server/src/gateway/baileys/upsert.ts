import type { BaileysEventMap, WAMessage } from 'baileys'
import type { InboundMessage } from '../messaging-gateway.js'
import type { BaileysConnection } from './connection.js'
import { openEncryptedEdit, secretOfStored, secretRow } from './message-secret.js'
import type { MessageStore } from './message-store.js'
import { normalizeMessage } from './normalize.js'

export interface UpsertOptions {
  now: () => number
  /** where the secrets of received messages are kept for the edits that come later */
  messages?: Pick<MessageStore, 'get' | 'put'>
  /** a secret not kept: the inbound messages go on (an edit of that message then shows without its text) */
  onError?: (err: unknown) => void
}

type Upsert = BaileysEventMap['messages.upsert']

/**
 * Whether a message of an upsert happened while the account was linked; null for our own echo.
 *
 * Baileys emits `messages.upsert` only from its `upsertMessage`: type 'notify' for a message that
 * arrives as it is sent, and 'append' for the offline backlog delivered on reconnect (message
 * nodes with the `offline` attribute), for messages it builds from notifications and calls (stubs
 * without content), and for the echo of what this socket sent. History synced on linking never
 * comes this way (it is `messaging-history.set`). So every append but our echo is live.
 */
function liveOf(type: Upsert['type'], msg: WAMessage, conn: BaileysConnection): boolean | null {
  if (type === 'notify') return true
  // our own sends come back as 'append': the outbox already has them
  if (msg.key.fromMe && msg.key.id && conn.caches.isOwnSend(msg.key.id)) return null
  return true
}

/**
 * One `messages.upsert` as the product's inbound messages, in Baileys' order. The secrets of the
 * messages are kept first (an encrypted edit later in the same batch may need one), and encrypted
 * edits are opened with the secret of the message they edit.
 */
export async function inboundOfUpsert(
  conn: BaileysConnection,
  upsert: Upsert,
  o: UpsertOptions,
): Promise<InboundMessage[]> {
  const accountId = conn.accountId
  const kept = new Map<string, Uint8Array>()
  const rows = []
  for (const msg of upsert.messages) {
    if (liveOf(upsert.type, msg, conn) === null) continue
    const row = secretRow(msg)
    if (!row) continue
    rows.push(row)
    kept.set(row.id, row.content)
  }
  if (rows.length && o.messages) await o.messages.put(accountId, rows, o.now()).catch(o.onError)
  const secretOf = async (id: string) => {
    const here = kept.get(id)
    if (here) return secretOfStored(here)
    try {
      return secretOfStored((await o.messages?.get(accountId, id))?.content)
    } catch (err) {
      o.onError?.(err)
      return undefined
    }
  }

  const out: InboundMessage[] = []
  for (const msg of upsert.messages) {
    const live = liveOf(upsert.type, msg, conn)
    if (live === null) continue
    const opened = await openEncryptedEdit(msg, secretOf, conn.me)
    const m = normalizeMessage(opened ?? msg, { accountId, live, me: conn.me, now: o.now })
    if (m) out.push(m)
  }
  return out
}
