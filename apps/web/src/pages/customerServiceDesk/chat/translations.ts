import { TRANSLATE_TEXT_MAX, TRANSLATE_TEXTS_MAX, type TranslateResult } from '@app/core'
import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { translateTexts } from '../../../api/chat'
import { ApiError } from '../../../api/request'

export interface TranslationEntry {
  status: 'loading' | 'done' | 'failed'
  text?: string
  /** the translation is shown instead of the original */
  show: boolean
}

interface TranslationState {
  entries: Record<number, TranslationEntry>
  target: string | null
}

type Translate = (texts: string[]) => Promise<TranslateResult>

/** Where the auto-translate switch is remembered in the browser. */
const AUTO_KEY = 'chatAutoTranslate'

/** The user's own choice, or null while they have not made one (the tenant's default applies). */
export const readAutoTranslate = (): boolean | null => {
  const v = localStorage.getItem(AUTO_KEY)
  return v === null ? null : v === '1'
}
export const writeAutoTranslate = (on: boolean): void => localStorage.setItem(AUTO_KEY, on ? '1' : '0')

/**
 * Translations of a chat's messages into the desk user's target language (the server's default
 * target). Requests made together go out as one call of up to TRANSLATE_TEXTS_MAX texts. A failure
 * is told once per call through `onError`; the messages stay in their original words and a later
 * toggle asks again.
 */
export class Translator {
  readonly store: StoreApi<TranslationState> = createStore<TranslationState>(() => ({
    entries: {},
    target: null,
  }))
  private queue: { id: number; text: string }[] = []
  private scheduled = false

  constructor(
    private readonly onError: (message: string | null) => void,
    private readonly translate: Translate = translateTexts,
  ) {}

  /** The per-message toggle: original ⇄ translated (translated on first use). */
  toggle(id: number, text: string): void {
    const entry = this.store.getState().entries[id]
    if (entry?.status === 'loading') return
    if (entry?.status === 'done') this.set(id, { ...entry, show: !entry.show })
    else this.request(id, text)
  }

  /** Auto-translate: translate a message once, unless it was already asked for. */
  ensure(id: number, text: string): void {
    if (!this.store.getState().entries[id]) this.request(id, text)
  }

  private set(id: number, entry: TranslationEntry): void {
    this.store.setState((s) => ({ entries: { ...s.entries, [id]: entry } }))
  }

  private request(id: number, text: string): void {
    this.set(id, { status: 'loading', show: true })
    this.queue.push({ id, text: text.slice(0, TRANSLATE_TEXT_MAX) })
    if (this.scheduled) return
    this.scheduled = true
    queueMicrotask(() => {
      this.scheduled = false
      const all = this.queue
      this.queue = []
      for (let i = 0; i < all.length; i += TRANSLATE_TEXTS_MAX)
        void this.send(all.slice(i, i + TRANSLATE_TEXTS_MAX))
    })
  }

  private async send(batch: { id: number; text: string }[]): Promise<void> {
    try {
      const result = await this.translate(batch.map((b) => b.text))
      const texts = result.texts ?? []
      this.store.setState((s) => {
        const entries = { ...s.entries }
        batch.forEach((b, i) => {
          const text = texts[i]
          entries[b.id] =
            text !== undefined ? { status: 'done', text, show: true } : { status: 'failed', show: false }
        })
        return { entries, target: result.target }
      })
    } catch (err) {
      this.store.setState((s) => {
        const entries = { ...s.entries }
        for (const b of batch) entries[b.id] = { status: 'failed', show: false }
        return { entries }
      })
      // the server's refusal is worded for the user (not configured, …); anything else is "translation failed"
      this.onError(err instanceof ApiError && err.code > 0 && err.message ? err.message : null)
    }
  }
}

export const TranslatorContext = createContext<Translator | null>(null)

const fallbackStore = createStore<TranslationState>(() => ({ entries: {}, target: null }))

/** The translation state of one message. */
export function useTranslationEntry(id: number): TranslationEntry | undefined {
  const translator = useContext(TranslatorContext)
  return useStore(translator?.store ?? fallbackStore, (s) => s.entries[id])
}
