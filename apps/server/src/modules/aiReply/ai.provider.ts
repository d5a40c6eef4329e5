import { AI_PROVIDER_TIMEOUT_MS } from '@app/core'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface CompletionRequest {
  baseUrl: string
  apiKey: string
  model: string
  messages: ChatTurn[]
}

export interface Completion {
  text: string
  /** total tokens the provider counted (0 when it does not say) */
  tokens: number
}

/** A large language model that answers a conversation. */
export interface LlmProvider {
  complete(req: CompletionRequest): Promise<Completion>
}

/** A provider failure, with what it said (kept short for the logs and the usage record). */
export class ProviderError extends Error {}

interface ChatCompletionAnswer {
  choices?: { message?: { content?: unknown } }[]
  usage?: { total_tokens?: unknown }
}

/**
 * An OpenAI-compatible chat-completions service: `POST {baseUrl}/chat/completions` with a bearer
 * key. One call, no retries: a failing provider is the caller's to count and to cool down.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  constructor(
    private readonly options: {
      /** the base URL is the tenant's: it is reached through the guard on tenant-set addresses */
      outbound: Pick<OutboundGuard, 'fetch'>
      timeoutMs?: number
    },
  ) {}

  async complete(req: CompletionRequest): Promise<Completion> {
    let res: Awaited<ReturnType<OutboundGuard['fetch']>>
    try {
      res = await this.options.outbound.fetch(`${req.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${req.apiKey}` },
        body: JSON.stringify({ model: req.model, messages: req.messages }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? AI_PROVIDER_TIMEOUT_MS),
      })
    } catch (err) {
      // undici reports a refused connection as "fetch failed" with the reason as its cause
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : ''
      throw new ProviderError(err instanceof Error ? `${err.message}${cause}` : 'request failed')
    }
    const raw = await res.text().catch(() => '')
    if (!res.ok) throw new ProviderError(`HTTP ${res.status}: ${raw.slice(0, 200)}`)
    let answer: ChatCompletionAnswer
    try {
      answer = JSON.parse(raw) as ChatCompletionAnswer
    } catch {
      throw new ProviderError('the answer is not JSON')
    }
    const content = answer.choices?.[0]?.message?.content
    if (typeof content !== 'string' || content.trim() === '')
      throw new ProviderError('the answer has no text')
    const tokens = Number(answer.usage?.total_tokens ?? 0)
    return { text: content.trim(), tokens: Number.isFinite(tokens) && tokens > 0 ? Math.round(tokens) : 0 }
  }
}
