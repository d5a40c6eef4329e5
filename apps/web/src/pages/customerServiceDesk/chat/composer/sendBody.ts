import { type SendChatBody, sendChatBody } from '@app/core'
import type { FormInstance } from 'antd'
import { validationText } from '../../../../i18n'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** What a composer form sends; the composer adds the session and the quote. */
export type SendContent = DistributiveOmit<SendChatBody, 'sessionId' | 'whatsappId' | 'quotedMessageId'>

/** Sends content; resolves true when the server took it. */
export type SendFn = (content: SendContent) => Promise<boolean>

/**
 * Check a form's content with the endpoint's own schema; each refusal is shown on its field
 * (paths match the form's names). Answers the parsed content, or null when refused.
 */
export function checkContent<T extends SendContent>(form: FormInstance, content: T): T | null {
  const result = sendChatBody.safeParse({ ...content, sessionId: 1 })
  if (result.success) return content
  form.setFields(
    result.error.issues.map((issue) => ({
      name: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
      errors: [validationText(issue.message)],
    })),
  )
  return null
}
