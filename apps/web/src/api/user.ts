import { profileEndpoints as api } from '@app/core'
import { call } from './client'
import { backgroundCall } from './request'

/** Tenant risk status: 1 under risk control, 0 not (spec §4). */
export const getTenantRiskStatus = () => call(api.tenantRiskStatus, undefined, backgroundCall)
