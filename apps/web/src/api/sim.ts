import { simEndpoints as api, type SimAddressingValue, type SimContentInput, type SimFault } from '@app/core'
import { call } from './client'
import { backgroundCall } from './request'

/** The simulated phone (/sim, demo mode only). Polls go without the duplicate guard and toasts. */

export const listSimPhones = () => call(api.phones, undefined, backgroundCall)

export const addSimPhone = (phone: string, name?: string) => call(api.addPhone, { phone, name })

export const listPendingQrs = () => call(api.qrs, undefined, backgroundCall)

export const scanQr = (phone: string, qr: string) => call(api.scan, { phone, qr })

export const enterPairingCode = (phone: string, code: string) => call(api.pair, { phone, code })

export const listSimChats = (phone: string) => call(api.chats, { phone }, backgroundCall)

export const listSimMessages = (phone: string, peer: string, limit = 50, before?: string) =>
  call(api.messages, { phone, peer, limit, before }, backgroundCall)

export const sendAsPhone = (phone: string, to: string, content: SimContentInput) =>
  call(api.send, { phone, to, content })

/** Opening a chat reads it; sent on every poll that finds unread messages, so no duplicate guard. */
export const readSimChat = (phone: string, peer: string) => call(api.read, { phone, peer }, backgroundCall)

export const revokeSimMessage = (phone: string, messageId: string) => call(api.revoke, { phone, messageId })

/** Change the text of one's own message (WhatsApp allows it for 15 minutes). */
export const editSimMessage = (phone: string, messageId: string, text: string) =>
  call(api.edit, { phone, messageId, text })

export const getSimGroup = (phone: string, groupId: string) =>
  call(api.group, { phone, groupId }, backgroundCall)

export const createSimGroup = (phone: string, subject: string, members: string[]) =>
  call(api.groupCreate, { phone, subject, members })

export const joinSimGroup = (phone: string, code: string) => call(api.groupJoin, { phone, code })

export const leaveSimGroup = (phone: string, groupId: string) => call(api.groupLeave, { phone, groupId })

export const simFault = (phone: string, fault: SimFault, outageMs?: number) =>
  call(api.fault, { phone, fault, outageMs })

/** How WhatsApp addresses a customer's number to the product's accounts from now on. */
export const setSimAddressing = (phone: string, addressing: SimAddressingValue) =>
  call(api.addressing, { phone, addressing })

/** WhatsApp tells the accounts chatting with the number its phone behind the hidden id. */
export const revealSimPhone = (phone: string) => call(api.reveal, { phone })

/** Diversion links a phone may visit, newest first. */
export const listSimDiversionLinks = () => call(api.diversionLinks, undefined, backgroundCall)

/** Visit a diversion link as `phone`: the visit is recorded and the phone sends the link's greeting. */
export const visitAsPhone = (phone: string, code: string) => call(api.visit, { phone, code })
