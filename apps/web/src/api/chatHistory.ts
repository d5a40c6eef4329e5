import {
  chatHistoryEndpoints as api,
  type HistoryConversationInput,
  type HistoryExportInput,
  type HistorySearchInput,
} from '@app/core'
import { call } from './client'
import { downloadEndpoint } from './download'
import { noRepeatGuard } from './request'

/** The tenant's chat history (/chatHistory/index): reads only. */

/** A page of matching messages, newest first; `cursor` (the last page's `nextCursor`) goes on. */
export const searchChatHistory = (body: HistorySearchInput) => call(api.search, body)

/**
 * The conversation of a message: around it, or the page older or newer than it. A read: asking
 * twice (scrolling back and forth) is harmless, so the duplicate guard stays out of it.
 */
export const chatHistoryConversation = (body: HistoryConversationInput) =>
  call(api.conversation, body, noRepeatGuard)

/** The WS accounts and agents the search form offers. */
export const chatHistoryOptions = () => call(api.options)

/** The matching messages as an XLSX file, through the download helper (its messages and refusals). */
export const exportChatHistory = (body: HistoryExportInput, fileName: string) =>
  downloadEndpoint(api.export, body, fileName)
