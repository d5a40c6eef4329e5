import {
  type AdminUserView,
  type RiskStatusValue,
  type SlotCounts,
  type TenantBrief,
  type TenantView,
  vipActive,
  vipDaysLeft,
} from '@app/core'
import type { TenantRow } from '../users/index.js'

export type NameMap = Map<number, { username: string; nickname: string }>

const nameOf = (names: NameMap, id: number | null) => {
  if (id === null) return null
  const n = names.get(id)
  return n ? n.nickname || n.username : null
}

function presentTenantBrief(r: TenantRow, names: NameMap, now: number): TenantBrief {
  return {
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    enterpriseAccount: r.account,
    validStartDate: r.valid_start_date,
    validEndDate: r.valid_end_date,
    vipActive: vipActive(r.valid_end_date, now),
    vipDaysLeft: vipDaysLeft(r.valid_end_date, now),
    riskStatus: (r.risk_status === 1 ? 1 : 0) as RiskStatusValue,
    specialChannel: r.special_channel === 1 ? 1 : 0,
    test: r.test === 1 ? 1 : 0,
    sellerId: r.seller_user_id,
    sellerName: nameOf(names, r.seller_user_id),
  }
}

/** A supervisor row of the admin pages: the user with their tenant. */
export function presentSupervisor(r: TenantRow, names: NameMap, now: number): AdminUserView {
  return {
    id: r.master_id,
    username: r.username,
    nickname: r.nickname || r.username,
    roleId: 4,
    status: r.status,
    parentId: null,
    parentName: null,
    salespersonCount: 0,
    tenantCount: 0,
    tenant: presentTenantBrief(r, names, now),
    createdAt: r.created_at,
    // a supervisor owns the tenant's data: it is disabled, never deleted
    can: { edit: true, delete: false, resetPassword: true, changeStatus: true },
  }
}

const NO_SLOTS: SlotCounts = { bought: 0, used: 0, expiringSoon: 0 }

/** A tenant as /customerManage shows it. Ports and seats "expiring" end within EXPIRING_SOON_DAYS. */
export function presentTenant(
  r: TenantRow,
  names: NameMap,
  slots: { ports?: SlotCounts; seats?: SlotCounts },
  accounts: { online: number; total: number } | undefined,
  now: number,
): TenantView {
  return {
    ...presentTenantBrief(r, names, now),
    masterUserId: r.master_id,
    masterUsername: r.username,
    masterNickname: r.nickname || r.username,
    status: r.status,
    ports: slots.ports ?? NO_SLOTS,
    seats: slots.seats ?? NO_SLOTS,
    accounts: accounts ?? { online: 0, total: 0 },
    createdAt: r.tenant_created_at,
  }
}
