import { OPT_OUT_WORDS } from '@app/core'

/** How long the words are trusted before they are read again. */
const TTL_MS = 60_000

/**
 * The opt-out words the admin set in the platform's system settings, kept at hand for the inbound
 * path (read on every customer text, so never a query each time): read again in the background
 * once a minute old; the product's defaults until first read, or when the list is empty.
 */
export class OptOutWords {
  private words: readonly string[] = OPT_OUT_WORDS
  private at = 0
  private loading: Promise<void> | null = null

  constructor(private readonly load: () => Promise<readonly string[]>) {}

  readonly current = (): readonly string[] => {
    if (Date.now() - this.at > TTL_MS) void this.refresh()
    return this.words
  }

  /** Read the words now (at start, and when the settings were just saved in this process). */
  refresh(): Promise<void> {
    this.loading ??= this.load()
      .then((w) => {
        this.words = w.length ? w : OPT_OUT_WORDS
      })
      .catch(() => undefined)
      .finally(() => {
        this.at = Date.now()
        this.loading = null
      })
    return this.loading
  }
}
