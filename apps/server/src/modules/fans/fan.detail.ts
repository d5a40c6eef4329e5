import type { FanDetailView, FanSourceValue } from '@app/core'
import type { Db } from '../../db/index.js'
import { countryOfPhone } from './country.js'
import { phoneHidden } from './fans.presenter.js'

/** The customer side panel: who the fan is, on which account, since when. */
export async function fanDetail(db: Db, tenantId: number, fanId: number): Promise<FanDetailView | null> {
  const f = await db
    .selectFrom('fans as f')
    .innerJoin('ws_accounts as a', 'a.id', 'f.account_id')
    .leftJoin('account_groups as ag', 'ag.id', 'a.group_id')
    .selectAll('f')
    .select(['a.phone as account_phone', 'ag.name as group_name'])
    .where('f.tenant_id', '=', tenantId)
    .where('f.id', '=', fanId)
    .executeTakeFirst()
  if (!f) return null
  return {
    id: f.id,
    nickname: f.nickname,
    pushName: f.push_name,
    remark: f.remark,
    phone: f.phone,
    jid: f.jid,
    lid: f.lid,
    phoneHidden: phoneHidden(f),
    accountId: f.account_id,
    accountPhone: f.account_phone,
    accountGroupName: f.group_name,
    source: f.source as FanSourceValue,
    // stored on first contact; a fan known only by its hidden id gets it once the phone is known
    country: f.country || (f.phone ? countryOfPhone(f.phone) : ''),
    repeat: f.repeat_flag === 1,
    invalid: f.invalid === 1,
    massSendEnabled: f.mass_send_enabled === 1,
    createdAt: f.created_at,
  }
}
