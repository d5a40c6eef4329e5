import {
  type AutoReplyPageBody,
  AutoReplyPath,
  type AutoReplyRuleView,
  type AutoReplySaveBody,
  type Page,
} from '@app/core'
import { dataOf, http } from './request'

/** The rules the caller sees, newest first, with statistics and what the caller may do (`can`). */
export const pageAutoReplies = (q: AutoReplyPageBody) =>
  dataOf(http.post<Page<AutoReplyRuleView>>(AutoReplyPath.page, q))

export const createAutoReply = (body: AutoReplySaveBody) =>
  dataOf(http.post<{ id: number }>(AutoReplyPath.create, body))

export const updateAutoReply = (id: number, body: AutoReplySaveBody) =>
  dataOf(http.put<null>(AutoReplyPath.update, { id, ...body }))

export const enableAutoReply = (id: number, enabled: boolean) =>
  dataOf(http.put<null>(AutoReplyPath.enable, { id, enabled }))

export const deleteAutoReply = (id: number) => dataOf(http.delete<null>(AutoReplyPath.remove, { id }))
