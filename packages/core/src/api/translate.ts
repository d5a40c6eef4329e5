import { z } from 'zod'
import { Access } from '../access.js'
import { TRANSLATE_LANGUAGE_CODES } from '../translate-languages.js'
import { endpoint } from './contract.js'

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

export const translateResult = z.object({
  target: z.string(),
  text: z.string().optional(),
  texts: z.array(z.string()).optional(),
})
export type TranslateResult = z.infer<typeof translateResult>

/** PUT /damai/customer/user/targetLanguage: the language the desk translates chats into. */
export const targetLanguageBody = z.object({ targetLanguage: target })
export type TargetLanguageBody = z.infer<typeof targetLanguageBody>

/**
 * Translation for the desk (its roles only). The target language is the desk user's: the agent a
 * supervisor acts as (customer-user-id, spec §6 "customer user" calls), else the caller.
 */
const desk = { roles: Access.desk, tags: ['translate'] } as const

export const translateEndpoints = {
  translate: endpoint({
    ...desk,
    method: 'POST',
    path: '/damai/customer/user/translate',
    summary: 'Translate `text` or `texts` into `target` (default: the desk user target language)',
    body: translateBody,
    response: translateResult,
  }),
  targetLanguage: endpoint({
    ...desk,
    method: 'GET',
    path: '/damai/customer/user/targetLanguage',
    summary: 'The language the desk translates chats into',
    response: z.object({ targetLanguage: z.string() }),
  }),
  setTargetLanguage: endpoint({
    ...desk,
    method: 'PUT',
    path: '/damai/customer/user/targetLanguage',
    summary: 'Choose the language the desk translates chats into',
    body: targetLanguageBody,
    response: z.null(),
  }),
}
