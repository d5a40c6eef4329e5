import type { LanguageCode } from './constants.js'
import type { ErrorCodeValue } from './errors.js'
import { accountErrorMessages } from './errors.messages.accounts.js'
import { authErrorMessages } from './errors.messages.auth.js'
import { deskErrorMessages } from './errors.messages.desk.js'
import { marketingErrorMessages } from './errors.messages.marketing.js'
import { platformErrorMessages } from './errors.messages.platform.js'

type Messages = Record<LanguageCode, string>
/** The texts of some of the codes: each domain's file holds its own. */
export type ErrorCatalogue = Partial<Record<ErrorCodeValue, Messages>>

/** The request's own codes, whatever the domain: the HTTP statuses and the ones the web client acts on. */
const requestErrorMessages = {
  0: { zh: '成功', en: 'OK' },
  400: { zh: '请求参数不正确', en: 'The request is not valid' },
  401: { zh: '登录认证已过期，请重新登录', en: 'Your sign-in has expired, please sign in again' },
  403: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  404: { zh: '数据不存在或已被删除', en: 'Not found, or already deleted' },
  409: { zh: '数据已存在', en: 'It already exists' },
  413: { zh: '请求内容过大', en: 'The request is too large' },
  415: {
    zh: '请求格式不正确：请以 JSON 提交，上传文件请使用表单（multipart/form-data）',
    en: 'Wrong request format: send JSON, or a form (multipart/form-data) to upload a file',
  },
  429: { zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  4001: {
    zh: '请求内容嵌套层级过深（最多 {max} 层）',
    en: 'The request is nested too deeply (at most {max} levels)',
  },
  433: { zh: '主管已经登录到了其他客服台', en: 'A supervisor has signed in at another desk' },
  500: { zh: '系统繁忙，请稍后再试', en: 'Something went wrong, please try again later' },
  3023: { zh: '操作结果', en: 'Result' },
} satisfies ErrorCatalogue

/**
 * The text of each error code, per language (see `ErrorCode`), from every domain's catalogue.
 * Typed as the whole record: a code without a text in some domain's file does not compile.
 */
export const errorMessages: Record<ErrorCodeValue, Messages> = {
  ...requestErrorMessages,
  ...authErrorMessages,
  ...accountErrorMessages,
  ...deskErrorMessages,
  ...marketingErrorMessages,
  ...platformErrorMessages,
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
