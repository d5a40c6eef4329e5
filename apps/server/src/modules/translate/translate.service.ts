import { ErrorCode, isTranslateLanguage, type TranslateLanguageCode } from '@app/core'
import type { Logger } from 'pino'
import { AppError, badRequest } from '../../http/errors.js'
import type { UsersService } from '../users/index.js'
import { LruCache } from './lru-cache.js'
import type { TranslateProvider } from './translate.provider.js'

/** Translations kept in memory; a cache miss only costs a call to the service. */
const CACHE_ENTRIES = 2_000

/**
 * The desk's translation: texts into a target language through the configured provider, with
 * an in-memory LRU cache (chats show the same lines again and again). No provider, or a failing
 * one, answers "translation failed" with its reason.
 */
export class TranslateService {
  private readonly cache = new LruCache<string, string>(CACHE_ENTRIES)

  constructor(
    private readonly users: UsersService,
    private readonly provider: TranslateProvider | null,
    private readonly log: Logger,
  ) {}

  async translate(texts: string[], target: TranslateLanguageCode): Promise<string[]> {
    if (!this.provider) throw new AppError(ErrorCode.translateNotConfigured)
    const key = (t: string) => `${target}\u0000${t}`
    const missing = [...new Set(texts.filter((t) => this.cache.get(key(t)) === undefined))]
    if (missing.length > 0) {
      let translated: string[]
      try {
        translated = await this.provider.translate(missing, target)
      } catch (err) {
        this.log.warn({ err, target, count: missing.length }, 'translation failed')
        throw new AppError(ErrorCode.translateFailed)
      }
      missing.forEach((t, i) => {
        this.cache.set(key(t), translated[i] as string)
      })
    }
    return texts.map((t) => this.cache.get(key(t)) ?? t)
  }

  /** The user's target language; one that is no longer on the list must be chosen again. */
  async targetLanguage(tenantId: number, userId: number): Promise<TranslateLanguageCode> {
    const code = await this.storedTargetLanguage(tenantId, userId)
    if (!isTranslateLanguage(code)) throw badRequest('translate.target')
    return code
  }

  /** The user's target language as stored ('' when unknown). */
  storedTargetLanguage(tenantId: number, userId: number): Promise<string> {
    return this.users.targetLanguage(tenantId, userId)
  }

  setTargetLanguage(tenantId: number, userId: number, code: TranslateLanguageCode): Promise<void> {
    return this.users.setTargetLanguage(tenantId, userId, code)
  }
}
