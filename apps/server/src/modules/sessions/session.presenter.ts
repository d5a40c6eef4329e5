import {
  type AccountStateValue,
  customerTitle,
  type DeskSessionView,
  isHiddenAddress,
  SESSION_RISK_UNLOCKED_MS,
  type SessionStatusValue,
  type SessionStatusView,
  type SessionTypeValue,
  sessionRiskAt,
} from '@app/core'
import type { Session } from '../../db/schema.js'

/** A session row joined with its account, fan or group, and the viewer's read mark (session-list.query.ts). */
export interface SessionRow {
  id: number
  account_id: number
  type: string
  fan_id: number | null
  group_chat_id: number | null
  last_activity_at: number
  last_message: string
  awaiting_reply_since: number | null
  status: string
  snoozed_until: number | null
  waiting_since: number | null
  unread_count: number
  pinned: number
  blocked: number
  dnd: number
  ai_reply: number
  invalid: number
  agent_user_id: number | null
  account_phone: string | null
  account_status: string | null
  restricted_until: number | null
  fan_jid: string | null
  fan_phone: string | null
  fan_nickname: string | null
  fan_push_name: string | null
  fan_remark: string | null
  mass_send_enabled: number | null
  fan_nurturing: number | null
  group_jid: string | null
  group_subject: string | null
  read_count: number | null
  /** when the account's refusing risk window reopens (risk_holds), if it was ever refused */
  risk_hold_until?: number | null
}

/** Whether an account is under WhatsApp's reach-out time-lock at `now` (0: end unknown). */
export const restricted = (until: number | null, now: number): boolean =>
  until !== null && (until === 0 || until > now)

/** The title the desk shows: the fan's nickname, WhatsApp name or phone; the group's subject. */
function sessionTitle(
  r: Pick<
    SessionRow,
    'fan_nickname' | 'fan_push_name' | 'fan_phone' | 'fan_jid' | 'group_subject' | 'group_jid'
  >,
): string {
  if (r.fan_jid !== null)
    return customerTitle({
      nickname: r.fan_nickname,
      pushName: r.fan_push_name,
      phone: r.fan_phone,
      jid: r.fan_jid,
    })
  return r.group_subject || r.group_jid || ''
}

/** What leaves the server for a row of the desk's list; `tenantRisk` is the tenant's risk status (1: under control). */
export function presentDeskSession(r: SessionRow, tenantRisk: number, now = Date.now()): DeskSessionView {
  const personal = r.fan_id !== null
  const hold = r.risk_hold_until == null ? null : Number(r.risk_hold_until)
  const risk = {
    riskLocked: tenantRisk === 1 || restricted(r.restricted_until, now),
    // a hold is shown until its unlocked time has passed
    riskHoldUntil: hold !== null && now < hold + SESSION_RISK_UNLOCKED_MS ? hold : null,
  }
  return {
    id: r.id,
    accountId: r.account_id,
    type: r.type as SessionTypeValue,
    fanId: r.fan_id,
    groupChatId: r.group_chat_id,
    jid: (personal ? r.fan_jid : r.group_jid) ?? '',
    title: sessionTitle(r),
    lastActivityAt: r.last_activity_at,
    lastMessage: r.last_message,
    unreadCount: Math.max(0, r.unread_count - (r.read_count ?? 0)),
    pinned: r.pinned === 1,
    blocked: r.blocked === 1,
    dnd: r.dnd === 1,
    aiReply: r.ai_reply === 1,
    invalid: r.invalid === 1,
    agentUserId: r.agent_user_id,
    awaitingReplySince: r.awaiting_reply_since,
    status: r.status as SessionStatusValue,
    snoozedUntil: r.snoozed_until,
    waitingSince: r.waiting_since,
    fanPhone: r.fan_phone,
    ...(personal && r.fan_phone === null && isHiddenAddress(r.fan_jid) ? { fanPhoneHidden: true } : {}),
    fanRemark: r.fan_remark ?? '',
    massSendEnabled: personal ? r.mass_send_enabled === 1 : null,
    nurturing: r.fan_nurturing === 1,
    accountPhone: r.account_phone,
    accountStatus: (r.account_status ?? 'offline') as AccountStateValue,
    risk: sessionRiskAt(risk, now),
    ...risk,
  }
}

/** A session's status as the desk's status calls and events carry it. */
export function presentSessionStatus(
  s: Pick<
    Session,
    'id' | 'status' | 'snoozed_until' | 'status_changed_at' | 'status_changed_by' | 'waiting_since'
  >,
): SessionStatusView {
  return {
    sessionId: s.id,
    status: s.status as SessionStatusValue,
    snoozedUntil: s.snoozed_until,
    statusChangedAt: s.status_changed_at,
    statusChangedBy: s.status_changed_by,
    waitingSince: s.waiting_since,
  }
}
