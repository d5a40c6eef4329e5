import type {
  SimChatView,
  SimContentInput,
  SimFault,
  SimGroupView,
  SimLinkResult,
  SimMessagesPage,
  SimMessageView,
  SimPendingQr,
  SimPhoneView,
} from '@app/core'
import { backgroundCall, dataOf, http } from './request'

/** The simulated phone (/sim, demo mode only). Polls go without the duplicate guard and toasts. */
const base = '/damai/sim'

export const listSimPhones = () =>
  dataOf(http.get<SimPhoneView[]>(`${base}/phones`, undefined, backgroundCall))

export const addSimPhone = (phone: string, name?: string) =>
  dataOf(http.post<SimPhoneView>(`${base}/phones`, { phone, name }))

export const listPendingQrs = () => dataOf(http.get<SimPendingQr[]>(`${base}/qrs`, undefined, backgroundCall))

export const scanQr = (phone: string, qr: string) =>
  dataOf(http.post<SimLinkResult>(`${base}/scan`, { phone, qr }))

export const enterPairingCode = (phone: string, code: string) =>
  dataOf(http.post<SimLinkResult>(`${base}/pair`, { phone, code }))

export const listSimChats = (phone: string) =>
  dataOf(http.get<SimChatView[]>(`${base}/chats`, { phone }, backgroundCall))

export const listSimMessages = (phone: string, peer: string, limit = 50, before?: string) =>
  dataOf(http.get<SimMessagesPage>(`${base}/messages`, { phone, peer, limit, before }, backgroundCall))

export const sendAsPhone = (phone: string, to: string, content: SimContentInput) =>
  dataOf(http.post<SimMessageView>(`${base}/send`, { phone, to, content }))

/** Opening a chat reads it; sent on every poll that finds unread messages, so no duplicate guard. */
export const readSimChat = (phone: string, peer: string) =>
  dataOf(http.post<null>(`${base}/read`, { phone, peer }, backgroundCall))

export const revokeSimMessage = (phone: string, messageId: string) =>
  dataOf(http.post<null>(`${base}/revoke`, { phone, messageId }))

export const getSimGroup = (phone: string, groupId: string) =>
  dataOf(http.get<SimGroupView>(`${base}/group`, { phone, groupId }, backgroundCall))

export const createSimGroup = (phone: string, subject: string, members: string[]) =>
  dataOf(http.post<SimGroupView>(`${base}/group/create`, { phone, subject, members }))

export const joinSimGroup = (phone: string, code: string) =>
  dataOf(http.post<SimGroupView>(`${base}/group/join`, { phone, code }))

export const leaveSimGroup = (phone: string, groupId: string) =>
  dataOf(http.post<null>(`${base}/group/leave`, { phone, groupId }))

export const simFault = (phone: string, fault: SimFault, outageMs?: number) =>
  dataOf(http.post<SimPhoneView>(`${base}/fault`, { phone, fault, outageMs }))
