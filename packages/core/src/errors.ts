import type { LanguageCode } from './constants.js'

/**
 * The one error catalogue. The server throws `new AppError(ErrorCode.X)`; the envelope carries
 * the number and the message in the request's language. 401, 433 and 3023 have meanings the
 * web client acts on (spec §4, §8).
 */
export const ErrorCode = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  deskTaken: 433,
  internal: 500,

  wrongCredentials: 1001,
  userDisabled: 1002,
  tenantNotFound: 1003,
  targetAccountRequired: 1004,
  captchaInvalid: 1005,
  captchaExpired: 1006,
  passwordWeak: 1007,
  oldPasswordWrong: 1008,
  loginLocked: 1009,
  tenantMismatch: 1010,
  captchaRequired: 1011,
  usernameTaken: 1012,

  notifyResult: 3023,
} as const
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode]

type Messages = Record<LanguageCode, string>

export const errorMessages: Record<ErrorCodeValue, Messages> = {
  0: { zh: '成功', en: 'OK' },
  400: { zh: '请求参数不正确', en: 'The request is not valid' },
  401: { zh: '登录认证已过期，请重新登录', en: 'Your sign-in has expired, please sign in again' },
  403: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  404: { zh: '数据不存在或已被删除', en: 'Not found, or already deleted' },
  409: { zh: '数据已存在', en: 'It already exists' },
  413: { zh: '请求内容过大', en: 'The request is too large' },
  429: { zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  433: { zh: '主管已经登录到了其他客服台', en: 'A supervisor has signed in at another desk' },
  500: { zh: '系统繁忙，请稍后再试', en: 'Something went wrong, please try again later' },
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
  3023: { zh: '操作结果', en: 'Result' },
}

/** Render a catalogue message with `{name}` parameters. */
export function errorMessage(
  code: ErrorCodeValue,
  lang: LanguageCode,
  params?: Record<string, string | number>,
): string {
  const template = errorMessages[code]?.[lang] ?? errorMessages[500][lang]
  return params
    ? template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
    : template
}

/** Response envelope of every API answer. */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}
export interface Page<T> {
  list: T[]
  total: number
}
