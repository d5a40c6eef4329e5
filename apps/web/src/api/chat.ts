import {
  chatEndpoints as api,
  type ChatHistoryBody,
  type ChatUploadTypeValue,
  type SendChatBody,
  translateEndpoints,
} from '@app/core'
import { call, urlOf } from './client'
import { ApiError, dataOf, http, noRepeatGuard } from './request'

/** The desk's chat calls (spec §7 "Desk chat"). */

/** Uploads of up to 10 MB get more time than the ordinary 10 s. */
const UPLOAD_TIMEOUT_MS = 120_000

/**
 * Newest first; `beforeId` (the oldest id held) pages upward. A read: asking twice (a chat opened
 * again at once, a reconnect) is harmless, so the duplicate guard stays out of it.
 */
export const getChatHistory = (body: ChatHistoryBody) => call(api.history, body, noRepeatGuard)

/** Text, location, contact cards, a material or an image-text link. Answers the queued message. */
export const sendChatMessage = (body: SendChatBody) => call(api.send, body)

/** Sends a failed message again as a new message. */
export const resendChatMessage = (messageId: number) => call(api.resend, { messageId })

/** Answers at once; the withdrawn status arrives as message.updated (or message.revokeFailed). */
export const revokeChatMessage = (messageId: number) => call(api.revoke, { messageId })

/** Answers at once; the new text arrives as message.updated (or message.editFailed). */
export const editChatMessage = (messageId: number, text: string) => call(api.edit, { messageId, text })

/** Translate texts into the desk user's target language. Silent: the caller tells the user. */
export const translateTexts = (texts: string[]) =>
  call(translateEndpoints.translate, { texts }, { ...noRepeatGuard, silent: true })

export interface ChatUpload {
  sessionId: number
  whatsappId?: string
  chatType: ChatUploadTypeValue
  fileType?: 7 | 8
  width?: number
  height?: number
  seconds?: number
  caption?: string
  quotedMessageId?: number
}

/** Upload a file and queue it in the session (multipart, duplicate guard off). */
export function uploadThenSend(
  file: Blob,
  fileName: string,
  fields: ChatUpload,
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') form.append(key, String(value))
  }
  form.append('file', file, fileName)
  return call(
    api.upload,
    { form },
    {
      ...noRepeatGuard,
      timeout: UPLOAD_TIMEOUT_MS,
      onUploadProgress: onProgress
        ? (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0)
        : undefined,
    },
  )
}

/**
 * The file of a message as a blob (`mediaUrl` needs the Authorization header, which an `<img src>`
 * could not carry). A refusal comes back as a JSON envelope inside the blob: it rejects.
 */
export async function fetchChatMedia(url: string): Promise<Blob> {
  const blob = await dataOf(
    http.get<Blob>(url, undefined, { ...noRepeatGuard, responseType: 'blob', silent: true, timeout: 60_000 }),
  )
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? -1, body.msg ?? '')
  }
  return blob
}

/** Where a stored message's file is served (the history answers it as `mediaUrl`). */
export const chatMediaUrl = (messageId: number) => urlOf(api.media, { messageId })
