import type {
  HistoryAccountView,
  HistoryHitView,
  HistoryPeerView,
  HistoryUserView,
  MessageStatusValue,
  MessageTypeValue,
  SessionTypeValue,
} from '@app/core'
import { jidToPhone } from '../../gateway/jid.js'
import type { HitRow } from './history.repository.js'

/** The file name stored in a message's details, if any (an unreadable `meta` has none). */
export function fileNameOf(meta: string): string | null {
  if (!meta.includes('"fileName"')) return null
  try {
    const name = (JSON.parse(meta) as { fileName?: unknown }).fileName
    return typeof name === 'string' ? name : null
  } catch {
    return null
  }
}

export function accountOf(r: HitRow): HistoryAccountView {
  return {
    id: r.account_id,
    phone: r.account_phone,
    name: r.account_push_name || r.account_remark || '',
    deleted: r.account_deleted_at !== null,
  }
}

/** The customer of a personal chat as the desk names them; a group by its name. */
export function peerOf(r: HitRow): HistoryPeerView {
  if (r.fan_id !== null)
    return {
      fanId: r.fan_id,
      phone: r.fan_phone,
      // a customer is keyed by its phone once known: without one, WhatsApp shows only its hidden id
      ...(r.fan_phone === null ? { phoneHidden: true } : {}),
      name: r.fan_nickname || r.fan_push_name || r.fan_phone || '',
    }
  return { fanId: null, phone: null, name: r.group_subject || r.group_jid || '' }
}

export function agentOf(r: HitRow): HistoryUserView | null {
  return r.agent_id === null
    ? null
    : { id: r.agent_id, name: r.agent_nickname || r.agent_username || String(r.agent_id) }
}

/** What leaves the server for one message found. */
export function presentHit(r: HitRow): HistoryHitView {
  const fromMe = r.from_me === 1
  return {
    id: r.id,
    sessionId: r.session_id,
    sessionType: r.session_type as SessionTypeValue,
    account: accountOf(r),
    customer: peerOf(r),
    agent: agentOf(r),
    fromMe,
    sentBy:
      fromMe && r.requested_by !== null
        ? { id: r.requested_by, name: r.sender_nickname || r.sender_username || String(r.requested_by) }
        : null,
    senderPhone: !fromMe && r.session_type === 'group' ? (jidToPhone(r.sender_jid) ?? null) : null,
    type: r.type as MessageTypeValue,
    body: r.body,
    fileName: fileNameOf(r.meta),
    status: r.status as MessageStatusValue,
    timestamp: r.timestamp,
  }
}
