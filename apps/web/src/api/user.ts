import { backgroundCall, dataOf, http } from './request'

/** Tenant risk status: 1 under risk control, 0 not (spec §4). */
export const getTenantRiskStatus = () =>
  dataOf(http.get<number>('/damai/admin/user/getTenantRiskStatus', undefined, backgroundCall))
