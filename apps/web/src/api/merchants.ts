import {
  type AccountProfileView,
  type FilledOrderTemplate,
  type HistorySearchPage,
  type MerchantAccountView,
  type MerchantCodeView,
  type MerchantLinkResult,
  type MerchantLinkStatus,
  MerchantPath,
  type MerchantPublicInfo,
  OrderTemplatePath,
  type OrderTemplateView,
  type Page,
  type ProfileApplyResult,
  ProfilePath,
} from '@app/core'
import { ApiError, backgroundCall, dataOf, http, noRepeatGuard } from './request'

export interface MerchantCodeInput {
  name: string
  quota: number
  expiresAt: number | null
}

export const pageMerchantCodes = (body: { pageNo: number; pageSize: number; name?: string }) =>
  dataOf(http.post<Page<MerchantCodeView>>(MerchantPath.page, body))
export const createMerchantCode = (input: MerchantCodeInput) =>
  dataOf(http.post<MerchantCodeView>(MerchantPath.create, input))
export const updateMerchantCode = (id: number, input: MerchantCodeInput) =>
  dataOf(http.put<null>(MerchantPath.update, { id, ...input }))
export const revokeMerchantCode = (id: number) => dataOf(http.put<null>(MerchantPath.revoke, { id }))
export const merchantAccounts = (id: number) =>
  dataOf(http.get<{ list: MerchantAccountView[] }>(MerchantPath.accounts, { id })).then((r) => r.list)
export const merchantHistory = (body: {
  id: number
  accountId?: number
  keyword?: string
  cursor?: string
  pageSize: number
}) => dataOf(http.post<HistorySearchPage>(MerchantPath.chatHistory, body))

/** The public pages show the server's refusals themselves: every call is silent. */
export const publicMerchantInfo = (c: string) =>
  dataOf(http.get<MerchantPublicInfo>(MerchantPath.publicInfo, { c }, backgroundCall))
const withCode = (path: string, c: string) => `${path}?c=${encodeURIComponent(c)}`
export const publicMerchantLink = (c: string, phone: string) =>
  dataOf(http.post<MerchantLinkResult>(withCode(MerchantPath.publicLink, c), { phone }, { silent: true }))
export const publicMerchantStatus = (c: string, accountId: number) =>
  dataOf(http.get<MerchantLinkStatus>(MerchantPath.publicStatus, { c, accountId }, backgroundCall))
export const publicMerchantHistory = (
  c: string,
  body: { accountId?: number; cursor?: string; pageSize: number },
) => dataOf(http.post<HistorySearchPage>(withCode(MerchantPath.publicChatHistory, c), body, backgroundCall))

/** The public address of a code's pages. */
export const merchantLinkUrl = (code: string): string =>
  `${window.location.origin}/apiInterfaceCodeShare?c=${encodeURIComponent(code)}`
export const merchantHistoryUrl = (code: string): string =>
  `${window.location.origin}/apiInterfaceChatHistoryShare?c=${encodeURIComponent(code)}`

// ---- account profiles ----

export const accountProfiles = (accountIds: number[]) =>
  dataOf(http.post<{ list: AccountProfileView[] }>(ProfilePath.list, { accountIds }, backgroundCall)).then(
    (r) => r.list,
  )
export const applyProfile = (body: {
  accountIds: number[]
  nicknameMaterialId?: number
  avatarMaterialId?: number
}) => dataOf(http.post<{ results: ProfileApplyResult[] }>(ProfilePath.apply, body)).then((r) => r.results)
/** The picture last set on an account, as a blob (the request carries the Authorization header). */
export async function fetchProfilePicture(accountId: number): Promise<Blob> {
  const blob = await dataOf(
    http.get<Blob>(
      ProfilePath.picture,
      { accountId },
      { ...noRepeatGuard, responseType: 'blob', silent: true },
    ),
  )
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
  dataOf(http.post<Page<OrderTemplateView>>(OrderTemplatePath.page, body))
export const createOrderTemplate = (input: OrderTemplateInput) =>
  dataOf(http.post<{ id: number }>(OrderTemplatePath.create, input))
export const updateOrderTemplate = (id: number, input: OrderTemplateInput) =>
  dataOf(http.put<null>(OrderTemplatePath.update, { id, ...input }))
export const deleteOrderTemplate = (id: number) => dataOf(http.delete<null>(OrderTemplatePath.remove, { id }))
/** The templates filled for a desk chat; the date is the viewer's day. */
export const orderTemplatesForChat = (sessionId: number) =>
  dataOf(
    http.post<{ list: FilledOrderTemplate[] }>(OrderTemplatePath.forChat, {
      sessionId,
      utcOffsetMinutes: -new Date().getTimezoneOffset(),
    }),
  ).then((r) => r.list)
