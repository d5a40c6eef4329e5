import type {
  AdminLoginBody,
  CaptchaImage,
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginResult,
} from '@app/core'
import { dataOf, http, noRepeatGuard, PROFILE_URL } from './request'

/** Auth and profile calls of spec §7. */
export const login = (body: LoginBody) => dataOf(http.post<LoginResult>('/damai/system/auth/login', body))

export const adminLogin = (body: AdminLoginBody) =>
  dataOf(http.post<LoginResult>('/damai/system/auth/admin/login', body))

export const logout = () => dataOf(http.post<null>('/damai/system/auth/logout'))

export const getProfile = () => dataOf(http.get<CurrentUser>(PROFILE_URL))

export const changePassword = (body: ChangePasswordBody) =>
  dataOf(http.put<null>('/damai/system/user/profile/update-password', body))

/** The puzzle is fetched with an empty body; a refresh right after a failed check must go out. */
export const getCaptcha = () =>
  dataOf(http.post<CaptchaImage>('/damai/system/captcha/get', {}, noRepeatGuard))

/** Silent: the slider says what went wrong under itself instead of a toast. */
export const checkCaptcha = (body: { token: string; x: number }) =>
  dataOf(http.post<{ captchaVerification: string }>('/damai/system/captcha/check', body, { silent: true }))

export const getTenantIdByName = (name: string) =>
  dataOf(http.get<{ tenantId: number }>('/damai/admin/user/getUserTenantIdByName', { name }))
