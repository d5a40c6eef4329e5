import type { ErrorCatalogue } from './errors.messages.js'

/** Signing in: credentials, the slider captcha, passwords and user names (codes 1001–1013). */
export const authErrorMessages = {
  1001: { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  1002: { zh: '账号已被停用，请联系管理员', en: 'This account is disabled, contact your administrator' },
  1003: { zh: '企业账号不存在', en: 'No such enterprise account' },
  1004: {
    zh: '该用户名存在于多个企业，请填写目标账号',
    en: 'This user name exists in several companies: enter the target account',
  },
  1005: { zh: '验证失败，请重新拖动滑块', en: 'Verification failed, drag the piece again' },
  1006: { zh: '验证码已过期，请刷新', en: 'The captcha has expired, refresh it' },
  1007: { zh: '密码强度不足', en: 'The password is too weak' },
  1008: { zh: '原密码不正确', en: 'The current password is wrong' },
  1009: {
    zh: '登录失败次数过多，请{minutes}分钟后再试',
    en: 'Too many failed sign-ins, try again in {minutes} minutes',
  },
  1010: {
    zh: '企业信息与登录凭证不一致，请重新登录',
    en: 'The company does not match your sign-in, sign in again',
  },
  1011: { zh: '请先完成滑块验证', en: 'Complete the slider verification first' },
  1012: { zh: '用户名已存在', en: 'This user name is already taken' },
  1013: {
    zh: '滑块验证失败次数过多，请{minutes}分钟后再试',
    en: 'Too many failed slider checks, try again in {minutes} minutes',
  },
} satisfies ErrorCatalogue
