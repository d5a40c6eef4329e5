import {
  type AddTestUserBody,
  platformEndpoints as api,
  type BusinessProfile,
  type OperationsConfig,
  type SystemSettingsBody,
  settingsEndpoints as settings,
  type TenantQueryBody,
  type UserCreateBody,
  type UserDetailsBody,
  type UserQueryBody,
} from '@app/core'
import { call } from './client'

/** Platform staff and supervisors (spec §7 "Admin"): one role's users the caller may see. */
export const queryUsers = (body: UserQueryBody) => call(api.userQuery, body)

export const createUser = (body: UserCreateBody) => call(api.userCreate, body)

export const addTestUser = (body: AddTestUserBody) => call(api.userAddTestUser, body)

export const updateUserDetails = (body: UserDetailsBody) => call(api.userUpdateDetails, body)

export const updateUserStatus = (id: number, status: number) =>
  call(api.userUpdateStatus, { id, status: status as 0 | 1 })

export const updateRiskStatus = (id: number, riskStatus: 0 | 1) =>
  call(api.userUpdateRiskStatus, { id, riskStatus })

export const updateSpecialChannel = (id: number, specialChannel: 0 | 1) =>
  call(api.userUpdateSpecialChannel, { id, specialChannel })

export const resetUserPassword = (userId: number, password: string) =>
  call(api.userUpdatePassword, { userId, password })

export const deleteUser = (id: number) => call(api.userDelete, { id })

export const validDateRange = (id: number) => call(api.userValidDateRange, { id })

export const sellerOptions = () => call(api.sellerOptions)

/** /customerManage: tenants as companies. */
export const queryTenants = (body: TenantQueryBody) => call(api.tenantQuery, body)

/** /configManage: the operations user's price list, trial quota and reminder days. */
export const getOperationsConfig = () => call(settings.configGet)
export const saveOperationsConfig = (body: OperationsConfig) => call(settings.configUpdate, body)

/** /systemManage/index: the admin's view of the running system. */
export const getSystemStatus = () => call(settings.systemStatus)
export const getSystemSettings = () => call(settings.systemSettingGet)
export const saveSystemSettings = (body: SystemSettingsBody) => call(settings.systemSettingUpdate, body)

/** /businessSet: the business-edition profile shown to the operations user's tenants. */
export const getBusinessProfile = () => call(settings.businessSetGet)
export const saveBusinessProfile = (body: BusinessProfile) => call(settings.businessSetUpdate, body)
