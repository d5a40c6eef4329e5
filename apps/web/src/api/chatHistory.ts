import {
  type HistoryConversationInput,
  type HistoryConversationView,
  type HistoryExportInput,
  type HistoryOptionsView,
  type HistorySearchInput,
  type HistorySearchPage,
  ChatHistoryPath as P,
} from '@app/core'
import { downloadFile } from './download'
import { dataOf, http, noRepeatGuard } from './request'

/** The tenant's chat history (/chatHistory/index): reads only. */

/** A page of matching messages, newest first; `cursor` (the last page's `nextCursor`) goes on. */
export const searchChatHistory = (body: HistorySearchInput) =>
  dataOf(http.post<HistorySearchPage>(P.search, body))

/**
 * The conversation of a message: around it, or the page older or newer than it. A read: asking
 * twice (scrolling back and forth) is harmless, so the duplicate guard stays out of it.
 */
export const chatHistoryConversation = (body: HistoryConversationInput) =>
  dataOf(http.post<HistoryConversationView>(P.conversation, body, noRepeatGuard))

/** The WS accounts and agents the search form offers. */
export const chatHistoryOptions = () => dataOf(http.get<HistoryOptionsView>(P.options))

/** The matching messages as an XLSX file, through the download helper (its messages and refusals). */
export const exportChatHistory = (body: HistoryExportInput, fileName: string) =>
  downloadFile('post', P.export, body, fileName)
