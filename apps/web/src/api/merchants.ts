import { merchantEndpoints as api, orderTemplateEndpoints as templates } from '@app/core'
import { call } from './client'
import { ApiError, backgroundCall, noRepeatGuard } from './request'

export interface MerchantCodeInput {
  name: string
  quota: number
  expiresAt: number | null
}

export const pageMerchantCodes = (body: { pageNo: number; pageSize: number; name?: string }) =>
  call(api.page, body)
export const createMerchantCode = (input: MerchantCodeInput) => call(api.create, input)
export const updateMerchantCode = (id: number, input: MerchantCodeInput) => call(api.update, { id, ...input })
export const revokeMerchantCode = (id: number) => call(api.revoke, { id })
export const merchantAccounts = (id: number) => call(api.accounts, { id }).then((r) => r.list)
export const merchantHistory = (body: {
  id: number
  accountId?: number
  keyword?: string
  cursor?: string
  pageSize: number
}) => call(api.chatHistory, body)

/** The public pages show the server's refusals themselves: every call is silent. */
export const publicMerchantInfo = (c: string) => call(api.publicInfo, { c }, backgroundCall)
/** A public call with a body carries the code in its query beside the body (the server counts links per code). */
export const publicMerchantLink = (c: string, phone: string) =>
  call(api.publicLink, { c, phone }, { silent: true })
export const publicMerchantStatus = (c: string, accountId: number) =>
  call(api.publicStatus, { c, accountId }, backgroundCall)
export const publicMerchantHistory = (
  c: string,
  body: { accountId?: number; cursor?: string; pageSize: number },
) => call(api.publicChatHistory, { c, ...body }, backgroundCall)

/** The public address of a code's pages. */
export const merchantLinkUrl = (code: string): string =>
  `${window.location.origin}/apiInterfaceCodeShare?c=${encodeURIComponent(code)}`
export const merchantHistoryUrl = (code: string): string =>
  `${window.location.origin}/apiInterfaceChatHistoryShare?c=${encodeURIComponent(code)}`

// ---- account profiles ----

export const accountProfiles = (accountIds: number[]) =>
  call(api.profileList, { accountIds }, backgroundCall).then((r) => r.list)
export const applyProfile = (body: {
  accountIds: number[]
  nicknameMaterialId?: number
  avatarMaterialId?: number
}) => call(api.profileApply, body).then((r) => r.results)
/** The picture last set on an account, as a blob (the request carries the Authorization header). */
export async function fetchProfilePicture(accountId: number): Promise<Blob> {
  const blob = await call(api.profilePicture, { accountId }, { ...noRepeatGuard, silent: true })
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? -1, body.msg ?? '')
  }
  return blob
}

// ---- order templates ----

export interface OrderTemplateInput {
  name: string
  content: string
}

export const pageOrderTemplates = (body: { pageNo: number; pageSize: number; name?: string }) =>
  call(templates.page, body)
export const createOrderTemplate = (input: OrderTemplateInput) => call(templates.create, input)
export const updateOrderTemplate = (id: number, input: OrderTemplateInput) =>
  call(templates.update, { id, ...input })
export const deleteOrderTemplate = (id: number) => call(templates.remove, { id })
/** The templates filled for a desk chat; the date is the viewer's day. */
export const orderTemplatesForChat = (sessionId: number) =>
  call(templates.forChat, { sessionId, utcOffsetMinutes: -new Date().getTimezoneOffset() }).then(
    (r) => r.list,
  )
