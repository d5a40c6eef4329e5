import { type FanLabelView, type FanSourceValue, type FanView, isHiddenAddress, phoneTail } from '@app/core'
import { countryOfPhone } from './country.js'

/** A fan as the list reads it: the fan with its account, account group and session. */
export interface FanRow {
  id: number
  jid: string
  nickname: string
  push_name: string
  remark: string
  phone: string | null
  lid: string | null
  account_id: number
  source: string
  repeat_flag: number
  inherited_from: number | null
  invalid: number
  mass_send_enabled: number
  country: string
  created_at: number
  account_phone: string | null
  group_id: number | null
  group_name: string | null
  session_id: number | null
  last_activity_at: number | null
}

/** What of a fan leaves the server in the list, the drawer and the export. */
export function presentFan(r: FanRow, labels: FanLabelView[]): FanView {
  return {
    id: r.id,
    nickname: r.nickname,
    pushName: r.push_name,
    remark: r.remark,
    phone: r.phone,
    phoneTail: phoneTail(r.phone),
    lid: r.lid,
    phoneHidden: phoneHidden(r),
    accountId: r.account_id,
    accountPhone: r.account_phone,
    accountGroupId: r.group_id,
    accountGroupName: r.group_name,
    source: r.source as FanSourceValue,
    labels,
    repeat: r.repeat_flag === 1,
    inherited: r.inherited_from !== null,
    invalid: r.invalid === 1,
    massSendEnabled: r.mass_send_enabled === 1,
    // stored on first contact; a fan known only by its hidden id gets it once the phone is known
    country: r.country || (r.phone ? countryOfPhone(r.phone) : ''),
    createdAt: r.created_at,
    lastMessageAt: r.last_activity_at,
    sessionId: r.session_id,
  }
}

/** WhatsApp left the customer's phone out: the fan is keyed by its hidden id. */
export const phoneHidden = (f: { phone: string | null; jid: string }): boolean =>
  f.phone === null && isHiddenAddress(f.jid)
