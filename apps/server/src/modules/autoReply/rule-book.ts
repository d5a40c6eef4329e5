import { type ParsedRule, parseRule } from './autoReply.presenter.js'
import type { AutoReplyRepository } from './autoReply.repository.js'
import { KeywordMatcher } from './keyword-matcher.js'

/**
 * How long a tenant's compiled rules are trusted before their fingerprint is read again: a change
 * made through this process is seen at once, one made through another process within this time.
 */
const RECHECK_MS = 5_000

/** A tenant's enabled rules compiled into one matcher. */
export interface RuleBook {
  stamp: string
  checkedAt: number
  matcher: KeywordMatcher
  rules: Map<number, ParsedRule>
}

/**
 * How long a message waits for its tenant's rebuilding matcher before the previous one answers
 * it: a large rule book takes seconds to compile, and the messages of every tenant queue behind.
 */
const REBUILD_WAIT_MS = 250

interface Entry {
  /** the matcher in service (the first build of the tenant until it is done) */
  book: Promise<RuleBook>
  /** the replacement being compiled after a change */
  next?: Promise<RuleBook>
}

/**
 * The compiled rules of each tenant, rebuilt only when the tenant's rules change. A rebuild runs
 * beside the message queue: the previous matcher keeps answering until the new one is ready.
 */
export class RuleBooks {
  private readonly books = new Map<number, Entry>()

  constructor(
    private readonly repo: AutoReplyRepository,
    private readonly waitMs = REBUILD_WAIT_MS,
  ) {}

  /** A tenant's rules changed here: its matcher is rebuilt at once, the old one serving meanwhile. */
  invalidate(tenantId: number): void {
    const entry = this.books.get(tenantId)
    if (entry) this.rebuild(tenantId, entry)
  }

  /** The tenant's matcher for a message: the rebuilt one if it is ready soon, else the one in service. */
  async get(tenantId: number): Promise<RuleBook> {
    const entry = this.books.get(tenantId)
    if (!entry) return this.first(tenantId)
    const book = await entry.book.catch(() => undefined)
    if (!book) {
      this.books.delete(tenantId)
      return this.first(tenantId)
    }
    if (!entry.next) {
      const now = Date.now()
      if (now - book.checkedAt < RECHECK_MS) return book
      if ((await this.repo.stamp(tenantId)) === book.stamp) {
        book.checkedAt = now
        return book
      }
      this.rebuild(tenantId, entry)
    }
    const next = entry.next
    if (!next) return book
    let timer: NodeJS.Timeout | undefined
    const waited = await Promise.race([
      next.catch(() => undefined),
      new Promise<undefined>((r) => {
        timer = setTimeout(() => r(undefined), this.waitMs)
      }),
    ])
    clearTimeout(timer)
    return waited ?? book
  }

  /** The tenant's newest matcher, waiting for a rebuild under way. */
  async fresh(tenantId: number): Promise<RuleBook> {
    const entry = this.books.get(tenantId)
    if (!entry) return this.first(tenantId)
    return (await entry.next?.catch(() => undefined)) ?? entry.book
  }

  private first(tenantId: number): Promise<RuleBook> {
    const book = this.build(tenantId)
    const entry: Entry = { book }
    this.books.set(tenantId, entry)
    book.catch(() => {
      if (this.books.get(tenantId) === entry) this.books.delete(tenantId)
    })
    return book
  }

  private rebuild(tenantId: number, entry: Entry): void {
    // a change landing while a rebuild reads the rules shows as a new fingerprint at the next check
    const next = this.build(tenantId)
    entry.next = next
    next.then(
      (book) => {
        if (entry.next !== next) return
        entry.book = next
        entry.next = undefined
        book.checkedAt = Date.now()
      },
      () => {
        if (entry.next === next) entry.next = undefined
      },
    )
  }

  private async build(tenantId: number): Promise<RuleBook> {
    // the fingerprint first: a change landing while the rules are read shows as a new fingerprint later
    const stamp = await this.repo.stamp(tenantId)
    const rows = await this.repo.enabled(tenantId)
    return compile(rows.map(parseRule), stamp)
  }
}

/** One matcher over every keyword of the rules. */
function compile(rules: ParsedRule[], stamp = ''): RuleBook {
  const byId = new Map(rules.map((r) => [r.row.id, r]))
  const matcher = new KeywordMatcher(
    rules.flatMap((r) =>
      r.keywords.map((keyword) => ({ keyword, ruleId: r.row.id, full: r.row.match_mode === 'full' })),
    ),
  )
  return { stamp, checkedAt: Date.now(), matcher, rules: byId }
}
