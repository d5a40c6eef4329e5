import {
  type AiUsageView,
  DEFAULT_TENANT_SETTINGS,
  ErrorCode,
  type TenantDisplayView,
  type TenantSettingsBody,
  type TenantSettingsView,
  type TranslateLanguageCode,
} from '@app/core'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { OptOutRules } from './opt-out.rules.js'
import { parseWords } from './opt-out.rules.js'
import type { TenantSettingRow, TenantSettingsRepository } from './tenantSettings.repository.js'

/** What AI reply needs to call the tenant's provider; the key never leaves the server. */
export interface AiProviderConfig {
  baseUrl: string
  apiKey: string
  model: string
  systemPrompt: string
  /** seconds */
  replyDelay: number
  contextMessages: number
  dailyReplies: number
  dailyTokens: number
}

const NO_USAGE: AiUsageView = { replies: 0, tokens: 0, failures: 0 }
const flag = (b: boolean) => (b ? 1 : 0)

/**
 * The supervisor's tenant settings: page title, translation defaults, opt-out words, desk
 * notifications, agents' export, the opt-out invalid rule and the AI provider. A tenant that
 * never saved has the product's defaults.
 */
export class TenantSettingsService {
  constructor(
    private readonly repo: TenantSettingsRepository,
    private readonly optOut: OptOutRules,
    private readonly platformWords: () => readonly string[],
    /** the tenant's new default target language, given to its desk users (each may choose another afterwards) */
    private readonly applyTargetLanguage: (caller: Caller, code: TranslateLanguageCode) => Promise<void>,
    /** the server calls the AI provider's address: one it may not reach is refused before it is stored */
    private readonly outbound: Pick<OutboundGuard, 'checkUrlForSave'>,
    /** today's AI use (the AI reply module); none without it */
    private readonly usage: (tenantId: number) => Promise<AiUsageView> = async () => NO_USAGE,
  ) {}

  async view(tenantId: number): Promise<TenantSettingsView> {
    const [row, usage] = await Promise.all([this.repo.get(tenantId), this.usage(tenantId)])
    const d = DEFAULT_TENANT_SETTINGS
    const key = row?.ai_api_key ?? ''
    return {
      pageTitle: row?.page_title ?? d.pageTitle,
      targetLanguage: row?.target_language ?? d.targetLanguage,
      autoTranslate: row ? row.auto_translate === 1 : d.autoTranslate,
      optOutWords: row ? parseWords(row.opt_out_words) : d.optOutWords,
      platformOptOutWords: [...this.platformWords()],
      notifySound: row ? row.notify_sound === 1 : d.notifySound,
      notifyDesktop: row ? row.notify_desktop === 1 : d.notifyDesktop,
      agentExport: row ? row.agent_export === 1 : d.agentExport,
      optOutInvalid: row ? row.opt_out_invalid === 1 : d.optOutInvalid,
      ai: {
        enabled: row ? row.ai_enabled === 1 : d.ai.enabled,
        baseUrl: row?.ai_base_url ?? d.ai.baseUrl,
        apiKeySet: key !== '',
        apiKeyHint: key.length > 8 ? key.slice(-4) : '',
        model: row?.ai_model ?? d.ai.model,
        systemPrompt: row?.ai_system_prompt ?? d.ai.systemPrompt,
        replyDelay: row?.ai_reply_delay ?? d.ai.replyDelay,
        contextMessages: row?.ai_context_messages ?? d.ai.contextMessages,
        dailyReplies: row?.ai_daily_replies ?? d.ai.dailyReplies,
        dailyTokens: Number(row?.ai_daily_tokens ?? d.ai.dailyTokens),
      },
      aiUsage: usage,
    }
  }

  /** The part every signed-in person of the tenant reads: the layout's title and the desk's behaviour. */
  async display(tenantId: number): Promise<TenantDisplayView> {
    const v = await this.view(tenantId)
    return {
      pageTitle: v.pageTitle,
      targetLanguage: v.targetLanguage,
      autoTranslate: v.autoTranslate,
      notifySound: v.notifySound,
      notifyDesktop: v.notifyDesktop,
      agentExport: v.agentExport,
    }
  }

  /**
   * Save the settings; an enabled AI provider needs a key (kept when left out), and its address
   * must be one the server may call.
   */
  async update(caller: Caller, body: TenantSettingsBody): Promise<TenantSettingsView> {
    const current = await this.repo.get(caller.tenantId)
    const key = body.ai.apiKey ?? current?.ai_api_key ?? ''
    if (body.ai.enabled && key === '') throw new AppError(ErrorCode.aiKeyRequired)
    if (body.ai.baseUrl !== '') await this.outbound.checkUrlForSave(body.ai.baseUrl)
    await this.repo.save(caller.tenantId, {
      page_title: body.pageTitle,
      target_language: body.targetLanguage,
      auto_translate: flag(body.autoTranslate),
      opt_out_words: body.optOutWords ? JSON.stringify(dedupe(body.optOutWords)) : null,
      notify_sound: flag(body.notifySound),
      notify_desktop: flag(body.notifyDesktop),
      agent_export: flag(body.agentExport),
      opt_out_invalid: flag(body.optOutInvalid),
      ai_enabled: flag(body.ai.enabled),
      ai_base_url: body.ai.baseUrl.replace(/\/+$/, ''),
      ai_api_key: key,
      ai_model: body.ai.model,
      ai_system_prompt: body.ai.systemPrompt,
      ai_reply_delay: body.ai.replyDelay,
      ai_context_messages: body.ai.contextMessages,
      ai_daily_replies: body.ai.dailyReplies,
      ai_daily_tokens: body.ai.dailyTokens,
      updated_by: caller.userId,
      updated_at: Date.now(),
    })
    if (body.targetLanguage !== '' && body.targetLanguage !== (current?.target_language ?? ''))
      await this.applyTargetLanguage(caller, body.targetLanguage)
    this.optOut.set(caller.tenantId, body.optOutWords ? dedupe(body.optOutWords) : null, body.optOutInvalid)
    return this.view(caller.tenantId)
  }

  /** The tenant's AI provider when it is turned on and complete, else null. */
  async aiProvider(tenantId: number): Promise<AiProviderConfig | null> {
    const row = await this.repo.get(tenantId)
    return row && aiReady(row)
      ? {
          baseUrl: row.ai_base_url,
          apiKey: row.ai_api_key,
          model: row.ai_model,
          systemPrompt: row.ai_system_prompt,
          replyDelay: row.ai_reply_delay,
          contextMessages: row.ai_context_messages,
          dailyReplies: row.ai_daily_replies,
          dailyTokens: Number(row.ai_daily_tokens),
        }
      : null
  }

  /** Whether the tenant's agents may export (customers, mass-send logs, chat history). */
  async agentExport(tenantId: number): Promise<boolean> {
    const row = await this.repo.get(tenantId)
    return row ? row.agent_export === 1 : DEFAULT_TENANT_SETTINGS.agentExport
  }
}

function aiReady(row: TenantSettingRow): boolean {
  return row.ai_enabled === 1 && row.ai_base_url !== '' && row.ai_model !== '' && row.ai_api_key !== ''
}

/** One entry per word, whatever its case: matching ignores case. */
function dedupe(words: string[]): string[] {
  const seen = new Set<string>()
  return words.filter((w) => {
    const k = w.toLowerCase()
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
