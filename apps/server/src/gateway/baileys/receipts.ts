import {
  type MessageUserReceiptUpdate,
  proto,
  toNumber,
  type WAMessageKey,
  type WAMessageUpdate,
} from 'baileys'
import { normalizeJid } from '../jid.js'
import type { AccountId, DeliveryStatus, MessageRef, StatusUpdate } from '../messaging-gateway.js'

const Status = proto.WebMessageInfo.Status
const BY_CODE: Record<number, DeliveryStatus> = {
  [Status.ERROR]: 'error',
  [Status.PENDING]: 'pending',
  [Status.SERVER_ACK]: 'server_ack',
  [Status.DELIVERY_ACK]: 'delivered',
  [Status.READ]: 'read',
  [Status.PLAYED]: 'played',
}

/** Ack error code of the reach-out time-lock: the account may not start new chats. */
const RESTRICTED_ACK = '463'

export function keyToRef(key: WAMessageKey): MessageRef {
  const ref: MessageRef = {
    chatId: normalizeJid(key.remoteJid ?? ''),
    id: key.id ?? '',
    fromMe: Boolean(key.fromMe),
  }
  if (key.participant) ref.participant = normalizeJid(key.participant)
  return ref
}

export interface ReceiptResult {
  update: StatusUpdate
  /** the ack said 463: the account is restricted from new chats */
  restricted: boolean
}

/**
 * `messages.update` → delivery status of our messages (2 server ack, 3 delivered, 4 read,
 * 5 played; 0 error). Updates without a status (revoke stubs, edits) give null: the revoke is
 * handled from its protocolMessage in messages.upsert. The product applies statuses
 * monotonically (isStatusAdvance), since they can arrive out of order.
 */
export function receiptFromUpdate(
  accountId: AccountId,
  u: WAMessageUpdate,
  now: number,
): ReceiptResult | null {
  const code = u.update.status
  if (code === undefined || code === null) return null
  const status = BY_CODE[code]
  if (!status || !u.key.id) return null
  const update: StatusUpdate = { accountId, ref: keyToRef(u.key), status, at: now }
  let restricted = false
  if (status === 'error') {
    const params: unknown = u.update.messageStubParameters
    restricted = Array.isArray(params) && params.map(String).includes(RESTRICTED_ACK)
    update.errorCode = restricted ? 'restricted' : 'failed'
  }
  return { update, restricted }
}

/**
 * `message-receipt.update` (groups, status posts): one update per member, keeping only the
 * furthest stage that member reached, with its time.
 */
export function receiptsFromUserReceipts(
  accountId: AccountId,
  list: MessageUserReceiptUpdate[],
): StatusUpdate[] {
  const out: StatusUpdate[] = []
  for (const { key, receipt } of list) {
    if (!key.id || !receipt.userJid) continue
    const stages: [DeliveryStatus, unknown][] = [
      ['played', receipt.playedTimestamp],
      ['read', receipt.readTimestamp],
      ['delivered', receipt.receiptTimestamp],
    ]
    const reached = stages.find(([, ts]) => ts !== null && ts !== undefined && toNumber(ts as number) > 0)
    if (!reached) continue
    out.push({
      accountId,
      ref: keyToRef(key),
      status: reached[0],
      by: normalizeJid(receipt.userJid),
      at: toNumber(reached[1] as number) * 1000,
    })
  }
  return out
}
