import type {
  AbnormalReasonValue,
  AccountStateValue,
  AccountStatusEvent,
  AccountTypeValue,
  WsAccountView,
} from '@app/core'
import type { WsAccount } from '../../db/schema.js'
import { formatProxy, tryParseProxy } from '../../gateway/messaging-gateway.js'

/** A stored proxy as shown: the password is masked, always. */
function maskProxy(stored: string | null): string {
  if (!stored) return ''
  const p = tryParseProxy(stored)
  return p.ok ? formatProxy(p.proxy, { maskPassword: true, withScheme: p.proxy.protocol !== 'http' }) : ''
}

type PageRow = WsAccount & {
  group_name: string | null
  agent_name: string | null
  customer_count: number | null
  session_count: number | null
}

export function presentAccount(a: PageRow): WsAccountView {
  return {
    id: a.id,
    phone: a.phone,
    groupId: a.group_id,
    groupName: a.group_name,
    type: a.type as AccountTypeValue,
    status: a.status as AccountStateValue,
    abnormalReason: (a.abnormal_reason as AbnormalReasonValue | null) ?? null,
    bannedAt: a.banned_at,
    restrictedUntil: a.restricted_until,
    remark: a.remark,
    proxy: maskProxy(a.proxy),
    ipArea: a.ip_area,
    customerCount: Number(a.customer_count ?? 0),
    sessionCount: Number(a.session_count ?? 0),
    agentUserId: a.agent_user_id,
    agentName: a.agent_name,
    linked: a.linked === 1,
    createdAt: a.created_at,
  }
}

export function presentStatus(a: WsAccount): AccountStatusEvent {
  return {
    accountId: a.id,
    phone: a.phone,
    status: a.status as AccountStateValue,
    abnormalReason: (a.abnormal_reason as AbnormalReasonValue | null) ?? null,
    bannedAt: a.banned_at,
    restrictedUntil: a.restricted_until,
  }
}
