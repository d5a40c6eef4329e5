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

  // WS accounts, ports, account groups, shares
  invalidPhone: 2001,
  invalidProxy: 2002,
  phoneAlreadyLinked: 2003,
  noFreePort: 2004,
  accountGroupHasAccounts: 2005,
  accountGroupNameTaken: 2006,
  accountNotLinked: 2007,
  accountBusy: 2008,
  loginFailed: 2009,
  accountBanned: 2010,
  accountOnline: 2011,
  shareCodeInvalid: 2012,
  dateRangeInvalid: 2013,
  duplicateInImport: 2014,

  // sending (spec §8 chat send failures)
  vipExpired: 2101,
  sessionBlocked: 2102,
  invalidCustomerSession: 2103,
  sendFailed: 2104,
  customerDisabled: 2105,
  mediaNotFound: 2106,

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
  2001: {
    zh: '手机号格式不正确（9-20位数字，含国家区号）',
    en: 'Invalid phone number (9–20 digits with the country code)',
  },
  2002: {
    zh: '代理格式不正确，应为 ip:端口:账号:密码',
    en: 'Invalid proxy: write it as ip:port:account:password',
  },
  2003: {
    zh: '该号码已在本企业或其他企业绑定',
    en: 'This number is already linked in this or another company',
  },
  2004: {
    zh: '没有可用的端口，请购买或续费端口后再登录',
    en: 'No free port: buy or renew a port, then link the account',
  },
  2005: { zh: '该分组下还有账号，不能删除', en: 'This group still has accounts and cannot be deleted' },
  2006: { zh: '分组名称已存在', en: 'A group with this name already exists' },
  2007: {
    zh: '账号未登录，请重新扫码或使用验证码登录',
    en: 'This account is not linked: scan the QR code or use a pairing code',
  },
  2008: { zh: '账号正在登录中，请稍后', en: 'This account is already logging in, please wait' },
  2009: { zh: '登录失败，请重试', en: 'The login failed, please try again' },
  2010: { zh: '账号已被封禁', en: 'This account is banned' },
  2011: { zh: '账号已在线', en: 'This account is already online' },
  2012: { zh: '分享链接无效或已过期', en: 'This share link is invalid or has expired' },
  2013: { zh: '时间范围不正确（最多92天）', en: 'Invalid time range (at most 92 days)' },
  2014: { zh: '导入内容中号码重复', en: 'This number appears twice in the import' },
  2101: {
    zh: '会员已过期，无法发送消息，请联系运营续费',
    en: 'Your subscription has expired: messages cannot be sent. Contact operations to renew',
  },
  2102: { zh: '会话已拉黑，无法发送', en: 'This session is blocked: messages cannot be sent' },
  2103: { zh: '无效客户会话，无法发送', en: 'This is an invalid-customer session: messages cannot be sent' },
  2104: { zh: '发送失败', en: 'Send failed' },
  2105: { zh: '客户已禁用', en: 'This customer is disabled' },
  2106: { zh: '文件不存在，请重新上传', en: 'The file was not found, upload it again' },
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
