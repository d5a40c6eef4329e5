import { type ChatMessageView, type ErrorCodeValue, errorMessages, type LanguageCode } from '@app/core'

/**
 * The chat send failure a failed message carries (meta.sendError, a catalogue code), in `language`.
 * Its own module: the catalogue loads when a failed message first shows, not with the desk.
 */
export function sendErrorText(meta: ChatMessageView['meta'], language: LanguageCode): string | null {
  const code = meta.sendError
  if (typeof code !== 'number' || !Object.hasOwn(errorMessages, code)) return null
  return errorMessages[code as ErrorCodeValue][language]
}
