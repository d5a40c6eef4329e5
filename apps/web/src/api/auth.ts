import {
  type AdminLoginBody,
  authEndpoints as auth,
  type CaptchaCheckBody,
  type ChangePasswordBody,
  captchaEndpoints as captcha,
  type LoginBody,
  profileEndpoints as profile,
} from '@app/core'
import { call } from './client'
import { noRepeatGuard } from './request'

/** Auth and profile calls of spec §7. */
export const login = (body: LoginBody) => call(auth.login, body)

export const adminLogin = (body: AdminLoginBody) => call(auth.adminLogin, body)

export const logout = () => call(auth.logout)

export const getProfile = () => call(profile.get)

export const changePassword = (body: ChangePasswordBody) => call(profile.updatePassword, body)

/** The puzzle is fetched with an empty body; a refresh right after a failed check must go out. */
export const getCaptcha = () => call(captcha.get, {}, noRepeatGuard)

/** Silent: the slider says what went wrong under itself instead of a toast. */
export const checkCaptcha = (body: CaptchaCheckBody) => call(captcha.check, body, { silent: true })

export const getTenantIdByName = (name: string) => call(auth.tenantIdByName, { name })
