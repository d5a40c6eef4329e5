import { z } from 'zod'
import { TRANSLATE_LANGUAGE_CODES } from '../translate-languages.js'

/** Characters of one text sent for translation. */
export const TRANSLATE_TEXT_MAX = 5000
/** Texts in one translation call (e.g. the visible messages of a chat). */
export const TRANSLATE_TEXTS_MAX = 50

const target = z.enum(TRANSLATE_LANGUAGE_CODES, { message: 'translate.target' })
const text = z
  .string({ message: 'translate.textRequired' })
  .min(1, 'translate.textRequired')
  .max(TRANSLATE_TEXT_MAX, 'translate.textLength')

/**
 * POST /damai/customer/user/translate: one `text` or a list of `texts`, into `target` (default: the
 * desk user's target language). The answer mirrors the question: `{ text }` or `{ texts }`.
 */
export const translateBody = z
  .object({
    text: text.optional(),
    texts: z.array(text).min(1, 'translate.textRequired').max(TRANSLATE_TEXTS_MAX, 'tooLong').optional(),
    target: target.optional(),
  })
  .refine((b) => (b.text === undefined) !== (b.texts === undefined), {
    message: 'translate.textRequired',
    path: ['text'],
  })
export type TranslateBody = z.infer<typeof translateBody>

export interface TranslateResult {
  target: string
  text?: string
  texts?: string[]
}

/** PUT /damai/customer/user/targetLanguage: the language the desk translates chats into. */
export const targetLanguageBody = z.object({ targetLanguage: target })
export type TargetLanguageBody = z.infer<typeof targetLanguageBody>
