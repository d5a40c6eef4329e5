import { type AutoReplyPageBody, type AutoReplySaveBody, autoReplyEndpoints as api } from '@app/core'
import { call } from './client'

/** The rules the caller sees, newest first, with statistics and what the caller may do (`can`). */
export const pageAutoReplies = (q: AutoReplyPageBody) => call(api.page, q)

export const createAutoReply = (body: AutoReplySaveBody) => call(api.create, body)

export const updateAutoReply = (id: number, body: AutoReplySaveBody) => call(api.update, { id, ...body })

export const enableAutoReply = (id: number, enabled: boolean) => call(api.enable, { id, enabled })

export const deleteAutoReply = (id: number) => call(api.remove, { id })
