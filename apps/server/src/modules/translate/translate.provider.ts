/** A machine-translation service: texts in, the same number of translations out, in order. */
export interface TranslateProvider {
  translate(texts: string[], target: string): Promise<string[]>
}

export class TranslateProviderError extends Error {}

/** Google-style codes of the target list that LibreTranslate names otherwise. */
const LIBRE_TRANSLATE_CODES: Record<string, string> = {
  'zh-CN': 'zh',
  'zh-TW': 'zt',
  iw: 'he',
  jw: 'jv',
}

export interface LibreTranslateOptions {
  /** base address; the call goes to `{url}/translate` */
  url: string
  apiKey?: string
  /** the desk's own requests time out at 10 s: answer before that */
  timeoutMs?: number
  codes?: Record<string, string>
}

/**
 * A LibreTranslate-compatible HTTP service: POST {url}/translate with
 * `{ q, source: 'auto', target, format: 'text', api_key }`, answered `{ translatedText }` (a string,
 * or a list when `q` is a list).
 */
export class LibreTranslateProvider implements TranslateProvider {
  private readonly endpoint: string

  constructor(private readonly opts: LibreTranslateOptions) {
    this.endpoint = `${opts.url.replace(/\/+$/, '')}/translate`
  }

  async translate(texts: string[], target: string): Promise<string[]> {
    const body = {
      q: texts.length === 1 ? texts[0] : texts,
      source: 'auto',
      target: (this.opts.codes ?? LIBRE_TRANSLATE_CODES)[target] ?? target,
      format: 'text',
      ...(this.opts.apiKey ? { api_key: this.opts.apiKey } : {}),
    }
    let res: Response
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 8_000),
      })
    } catch (err) {
      throw new TranslateProviderError(`translation service unreachable: ${(err as Error).message}`)
    }
    const json = (await res.json().catch(() => null)) as { translatedText?: unknown; error?: unknown } | null
    if (!res.ok)
      throw new TranslateProviderError(
        `translation service answered ${res.status}: ${String(json?.error ?? '')}`,
      )
    const out = json?.translatedText
    if (typeof out === 'string' && texts.length === 1) return [out]
    if (Array.isArray(out) && out.length === texts.length && out.every((t) => typeof t === 'string'))
      return out
    throw new TranslateProviderError('translation service gave an unexpected answer')
  }
}
