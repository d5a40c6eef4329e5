import {
  type AddTestUserBody,
  type AdminUserView,
  type BusinessProfile,
  type OperationsConfig,
  PlatformPath as P,
  type Page,
  type SellerOption,
  type SystemSettingsBody,
  type SystemSettingsView,
  type SystemStatusView,
  type TenantQueryBody,
  type TenantView,
  type UserCreateBody,
  type UserCreated,
  type UserDetailsBody,
  type UserQueryBody,
  type ValidDateRange,
} from '@app/core'
import { dataOf, http } from './request'

/** Platform staff and supervisors (spec §7 "Admin"): one role's users the caller may see. */
export const queryUsers = (body: UserQueryBody) => dataOf(http.post<Page<AdminUserView>>(P.userQuery, body))

export const createUser = (body: UserCreateBody) => dataOf(http.post<UserCreated>(P.userCreate, body))

export const addTestUser = (body: AddTestUserBody) => dataOf(http.post<UserCreated>(P.userAddTestUser, body))

export const updateUserDetails = (body: UserDetailsBody) => dataOf(http.put<null>(P.userUpdateDetails, body))

export const updateUserStatus = (id: number, status: number) =>
  dataOf(http.put<null>(P.userUpdateStatus, { id, status }))

export const updateRiskStatus = (id: number, riskStatus: 0 | 1) =>
  dataOf(http.put<null>(P.userUpdateRiskStatus, { id, riskStatus }))

export const updateSpecialChannel = (id: number, specialChannel: 0 | 1) =>
  dataOf(http.put<null>(P.userUpdateSpecialChannel, { id, specialChannel }))

export const resetUserPassword = (userId: number, password: string) =>
  dataOf(http.put<null>(P.userUpdatePassword, { userId, password }))

export const deleteUser = (id: number) => dataOf(http.delete<null>(P.userDelete, { id }))

export const validDateRange = (id: number) =>
  dataOf(http.get<ValidDateRange>(P.userValidDateRange.replace(':id', String(id))))

export const sellerOptions = () => dataOf(http.get<SellerOption[]>(P.sellerOptions))

/** /customerManage: tenants as companies. */
export const queryTenants = (body: TenantQueryBody) =>
  dataOf(http.post<Page<TenantView>>(P.tenantQuery, body))

/** /configManage: the operations user's price list, trial quota and reminder days. */
export const getOperationsConfig = () => dataOf(http.get<OperationsConfig>(P.configGet))
export const saveOperationsConfig = (body: OperationsConfig) => dataOf(http.put<null>(P.configUpdate, body))

/** /systemManage/index: the admin's view of the running system. */
export const getSystemStatus = () => dataOf(http.get<SystemStatusView>(P.systemStatus))
export const getSystemSettings = () => dataOf(http.get<SystemSettingsView>(P.systemSettingGet))
export const saveSystemSettings = (body: SystemSettingsBody) =>
  dataOf(http.put<null>(P.systemSettingUpdate, body))

/** /businessSet: the business-edition profile shown to the operations user's tenants. */
export const getBusinessProfile = () => dataOf(http.get<BusinessProfile>(P.businessSetGet))
export const saveBusinessProfile = (body: BusinessProfile) =>
  dataOf(http.put<null>(P.businessSetUpdate, body))
