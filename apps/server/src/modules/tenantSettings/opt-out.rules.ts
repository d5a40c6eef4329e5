import type { Signals } from '../../cluster/signals.js'

const SAVED_TOPIC = 'opt-out.saved'

/** How long the tenants' rules are trusted before they are read again (another process may have saved). */
const TTL_MS = 60_000

interface Rule {
  words: readonly string[] | null
  invalid: boolean
}

/**
 * The opt-out rule of each tenant, kept at hand for the inbound path (read on every customer
 * text, inside its transaction, so never a query each time): the tenant's own words when it set
 * some, otherwise the platform's list; and whether an opt-out also marks the customer invalid.
 * All tenants' rules are read at start and again in the background once a minute old; a save
 * applies at once, in every process when there are several.
 */
export class OptOutRules {
  private rules = new Map<number, Rule>()
  private at = 0
  private loading: Promise<void> | null = null

  constructor(
    private readonly load: () => Promise<
      { tenant_id: number; opt_out_words: string | null; opt_out_invalid: number }[]
    >,
    private readonly platformWords: () => readonly string[],
    private readonly signals?: Signals,
  ) {
    signals?.subscribe(SAVED_TOPIC, (payload, fromSelf) => {
      if (fromSelf) return
      const p = payload as { tenantId: number; words: string[] | null; invalid: boolean }
      this.rules.set(p.tenantId, { words: p.words, invalid: p.invalid })
    })
  }

  /** The words in force for a tenant; matched like keywords (whole message, trimmed, any case). */
  readonly words = (tenantId: number): readonly string[] => {
    this.freshen()
    return this.rules.get(tenantId)?.words ?? this.platformWords()
  }

  /** Whether a customer of the tenant who opts out is also marked invalid. */
  readonly marksInvalid = (tenantId: number): boolean => {
    this.freshen()
    return this.rules.get(tenantId)?.invalid ?? false
  }

  /** The tenant saved its settings. */
  set(tenantId: number, words: readonly string[] | null, invalid: boolean): void {
    this.rules.set(tenantId, { words, invalid })
    this.signals?.publish(SAVED_TOPIC, { tenantId, words, invalid })
  }

  /** Read every tenant's rule now (at start; tests). */
  refresh(): Promise<void> {
    this.loading ??= this.load()
      .then((rows) => {
        const next = new Map<number, Rule>()
        for (const r of rows)
          next.set(Number(r.tenant_id), {
            words: parseWords(r.opt_out_words),
            invalid: r.opt_out_invalid === 1,
          })
        this.rules = next
      })
      .catch(() => undefined)
      .finally(() => {
        this.at = Date.now()
        this.loading = null
      })
    return this.loading
  }

  private freshen(): void {
    if (Date.now() - this.at > TTL_MS) void this.refresh()
  }
}

/** A stored list (JSON) as words; null or an empty or unreadable list follows the platform. */
export function parseWords(raw: string | null): string[] | null {
  if (raw === null) return null
  try {
    const v: unknown = JSON.parse(raw)
    return Array.isArray(v) && v.length > 0 ? v.filter((w): w is string => typeof w === 'string') : null
  } catch {
    return null
  }
}
