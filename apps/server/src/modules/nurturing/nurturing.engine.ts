import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { AccountState, NURTURING_MEDIA_SHARE, NurturingAccountState } from '@app/core'
import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { AccountDirectory } from '../accounts/index.js'
import { activeLength, DAY_MS, dayStart, nextActive } from './nurturing.clock.js'
import { jidOf, NurturingReads, type ReceivedNote } from './nurturing.reads.js'
import type { NurturingPair, NurturingRepository, NurturingRule } from './nurturing.repository.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/nurturing/nurturing.engine')

/** What the engine needs from the rest of the server (the app wires the owners' services). */
export interface NurturingPorts {
  /** a personal chat of `accountId` with a phone: its customer and session, as the desk opens a new chat */
  openChat(tenantId: number, accountId: number, phone: string): Promise<number>
  /** hand a picked material to the outbox (risk limits and pacing apply there) */
  send(tenantId: number, sessionId: number, pick: NurturingPick): Promise<void>
  /** a read receipt for a message the account received */
  markRead(
    tenantId: number,
    accountId: number,
    sessionId: number,
    ref: { chatId: string; id: string },
  ): Promise<void>
}

/** A material drawn for a message: a text, or a file (image, voice note or sticker). */
export interface NurturingPick {
  id: number
  type: string
  text: string
  media_path: string | null
}

export interface NurturingEngineConfig {
  pollMs: number
  leaseMs: number
}

const BATCH = 20
/** Typing shown before each message. */
const TYPING_MIN_MS = 2_000
const TYPING_SPREAD_MS = 6_000
/** A pair whose account is reconnecting, or that has no material, looks again after this. */
const RETRY_MS = 10 * 60_000
/** Account states after which nurturing stops for good (a new login is needed, or never). */
const LOGGED_OUT = new Set(['device_removed', 'pushed_out'])

/**
 * Account nurturing: enrols the new accounts of each rule's tenants, pairs two accounts of the
 * same tenant, and has them take turns: the sender shows typing, sends a text drawn from the
 * rule's material through the outbox, and the partner's read receipt follows when it arrives.
 * Turns fall inside the rule's active hours and each account sends at most the rule's number a
 * day, spread over the hours. An account banned, logged out or deleted stops; its partner waits
 * for a new one. Every step is a row with a due time on the engine's clock, so a restart resumes.
 */
export class NurturingEngine implements Engine {
  readonly name = 'nurturing'
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly loop: EngineLoop
  private readonly reads: NurturingReads
  /** accounts linked before any rule's days could start: never enrolled (this process's memory) */
  private readonly tooOld = new Set<number>()

  constructor(
    private readonly repo: NurturingRepository,
    private readonly accounts: AccountDirectory,
    private readonly gateway: MessagingGateway,
    private readonly ports: NurturingPorts,
    cfg: NurturingEngineConfig,
    private readonly log: Logger,
    private now: () => number = Date.now,
    private random: () => number = Math.random,
    private readonly leaseMs = cfg.leaseMs,
  ) {
    this.loop = new EngineLoop('nurturing', cfg.pollMs, () => this.tick(), log)
    this.reads = new NurturingReads(repo, ports, log)
  }

  /** The clock turns are timed on (tests run a simulated day). */
  useClock(now: () => number): void {
    this.now = now
  }

  /** The draws of materials and gaps (tests decide them). */
  useRandom(random: () => number): void {
    this.random = random
  }

  start(): void {
    this.loop.start()
  }
  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** Read receipts queued so far have been handed on (tests). */
  readsQueued(): Promise<void> {
    return this.reads.queued()
  }

  async tick(): Promise<boolean> {
    await this.enrol()
    await this.pair()
    const pairs = await this.repo.systemClaimPairs(system, this.owner, this.now(), this.leaseMs, BATCH)
    for (const p of pairs) {
      try {
        await this.turn(p)
      } catch (err) {
        this.log.error({ err, pairId: p.id }, 'nurturing turn failed')
        await this.repo.systemUpdatePair(system, p, this.owner, { next_at: this.now() + RETRY_MS })
      }
    }
    return pairs.length === BATCH
  }

  /** A message one nurtured account received from its partner is read, as a person would. */
  noteReceived(e: ReceivedNote): void {
    this.reads.note(e)
  }

  private async enrol(): Promise<void> {
    const rules = await this.repo.rules()
    if (rules.length === 0) return
    const now = this.now()
    const online = (await this.accounts.systemLinked(system)).filter(
      (a) => a.status === AccountState.online && !this.tooOld.has(a.id),
    )
    const enrolled = await this.repo.systemEnrolled(
      system,
      online.map((a) => a.id),
    )
    for (const a of online) {
      if (enrolled.has(a.id)) continue
      const rule = rules.find((r) => (JSON.parse(r.tenant_ids) as number[]).includes(a.tenant_id))
      if (!rule) continue
      const row = await this.accounts.systemById(system, a.id)
      if (!row || row.deleted_at !== null || !row.phone) continue
      const endsAt = row.created_at + rule.days * DAY_MS
      if (endsAt <= now) {
        this.tooOld.add(a.id)
        continue
      }
      await this.repo.systemEnrol(system, {
        tenant_id: a.tenant_id,
        account_id: a.id,
        rule_id: rule.id,
        pair_id: null,
        state: NurturingAccountState.waiting,
        stop_reason: null,
        started_at: now,
        ends_at: endsAt,
        created_at: now,
        updated_at: now,
      })
    }
  }

  private async pair(): Promise<void> {
    const now = this.now()
    const waiting = (await this.repo.systemWaiting(system)).filter(
      (w) => w.status === AccountState.online && w.phone,
    )
    const rules = new Map<number, NurturingRule | undefined>()
    const byGroup = new Map<string, typeof waiting>()
    for (const w of waiting) {
      if (w.ends_at <= now) {
        await this.repo.systemUpdateAccount(system, w.account_id, {
          state: NurturingAccountState.done,
          updated_at: now,
        })
        continue
      }
      const key = `${w.tenant_id}:${w.rule_id}`
      byGroup.set(key, [...(byGroup.get(key) ?? []), w])
    }
    for (const group of byGroup.values()) {
      for (let i = 0; i + 1 < group.length; i += 2) {
        const a = group[i]
        const b = group[i + 1]
        if (!a?.phone || !b?.phone) continue
        if (!rules.has(a.rule_id)) rules.set(a.rule_id, await this.repo.rule(a.rule_id))
        const rule = rules.get(a.rule_id)
        if (rule?.enabled !== 1) continue
        await this.repo.systemPair(system, {
          tenant_id: a.tenant_id,
          rule_id: rule.id,
          a_account_id: a.account_id,
          b_account_id: b.account_id,
          // the chats are opened at the first turn (a rule removed before it leaves no trace)
          a_session_id: 0,
          b_session_id: 0,
          turn: 'a',
          phase: 'idle',
          next_at: nextActive(now, hours(rule)) + Math.floor(this.random() * this.gap(rule)),
          state: 'active',
          lease_owner: null,
          lease_until: null,
          created_at: now,
          updated_at: now,
        })
      }
    }
  }

  /** The mean wait between two messages of a pair: each account's day spread over the active hours. */
  private gap(rule: NurturingRule): number {
    return activeLength(hours(rule)) / (2 * rule.per_day)
  }

  private async turn(p: NurturingPair): Promise<void> {
    const now = this.now()
    const rule = await this.repo.rule(p.rule_id)
    const accounts = await this.repo.systemPairAccounts(system, p)
    const a = accounts.find((x) => x.account_id === p.a_account_id)
    const b = accounts.find((x) => x.account_id === p.b_account_id)
    if (rule?.enabled !== 1 || !a || !b) return this.end(p, accounts, rule ? 'rule_off' : 'rule_deleted')
    // an account that can no longer talk stops; the other one waits for a new partner
    for (const x of [a, b]) {
      const stop =
        x.deleted_at !== null
          ? 'deleted'
          : x.status === AccountState.banned
            ? 'banned'
            : x.status === AccountState.offline
              ? 'offline'
              : x.status === AccountState.abnormal && LOGGED_OUT.has(x.abnormal_reason ?? '')
                ? 'logged_out'
                : null
      if (stop) return this.end(p, accounts, stop, x.account_id)
    }
    for (const x of [a, b]) if (x.ends_at <= now) return this.end(p, accounts, 'done', x.account_id)
    if (a.status !== AccountState.online || b.status !== AccountState.online)
      return this.repo.systemUpdatePair(system, p, this.owner, {
        next_at: now + RETRY_MS,
        phase: 'idle',
        updated_at: now,
      })

    const chats = { a_session_id: p.a_session_id, b_session_id: p.b_session_id }
    const h = hours(rule)
    const sender = p.turn === 'a' ? a : b
    const receiver = p.turn === 'a' ? b : a
    const today = dayStart(now, rule.utc_offset)
    const sentToday = sender.day_start === today ? sender.sent_today : 0
    const start = nextActive(now, h)
    if (start > now)
      return this.repo.systemUpdatePair(system, p, this.owner, {
        ...chats,
        next_at: start,
        phase: 'idle',
        updated_at: now,
      })
    if (sentToday >= rule.per_day)
      return this.repo.systemUpdatePair(system, p, this.owner, {
        ...chats,
        next_at: nextActive(Math.max(now, today + DAY_MS), h),
        phase: 'idle',
        updated_at: now,
      })

    // the chats are opened by the first message that is really due: a rule deleted before its
    // first turn leaves no chat behind
    if ((p.a_session_id === 0 || p.b_session_id === 0) && a.phone && b.phone) {
      p.a_session_id = await this.ports.openChat(p.tenant_id, a.account_id, b.phone)
      p.b_session_id = await this.ports.openChat(p.tenant_id, b.account_id, a.phone)
      chats.a_session_id = p.a_session_id
      chats.b_session_id = p.b_session_id
    }
    if (p.phase !== 'typing') {
      await this.presence(sender.account_id, 'composing', receiver.phone)
      return this.repo.systemUpdatePair(system, p, this.owner, {
        ...chats,
        phase: 'typing',
        next_at: now + TYPING_MIN_MS + Math.floor(this.random() * TYPING_SPREAD_MS),
        updated_at: now,
      })
    }
    const pick = drawMaterial(await this.repo.enabledMaterials(rule.language), this.random)
    if (!pick) {
      this.log.warn(
        { ruleId: rule.id, language: rule.language },
        'no nurturing material for the rule’s language',
      )
      return this.repo.systemUpdatePair(system, p, this.owner, {
        ...chats,
        next_at: now + RETRY_MS,
        phase: 'idle',
        updated_at: now,
      })
    }
    // the turns before it may have outlasted this pair's lease: send only while still holding it
    if (!(await this.repo.systemRenewPair(system, p, this.owner, this.now(), this.leaseMs))) return
    await this.ports.send(p.tenant_id, p.turn === 'a' ? p.a_session_id : p.b_session_id, pick)
    await this.presence(sender.account_id, 'paused', receiver.phone)
    await this.repo.systemUpdateAccount(system, sender.account_id, {
      day_start: today,
      sent_today: sentToday + 1,
      sent_total: sender.sent_total + 1,
      last_sent_at: now,
      updated_at: now,
    })
    // the next message waits between 0.4 and 0.9 of the mean gap: a day's messages fit in the hours
    const wait = Math.floor(this.gap(rule) * (0.4 + this.random() * 0.5))
    await this.repo.systemUpdatePair(system, p, this.owner, {
      ...chats,
      turn: p.turn === 'a' ? 'b' : 'a',
      phase: 'idle',
      next_at: now + wait,
      updated_at: now,
    })
  }

  private async presence(
    accountId: number,
    kind: 'composing' | 'paused',
    peer: string | null,
  ): Promise<void> {
    if (!peer) return
    try {
      await this.gateway.setPresence(String(accountId), kind, jidOf(peer))
    } catch (err) {
      this.log.debug({ err, accountId }, 'typing not shown')
    }
  }

  /**
   * End a pair. `who` stops with `reason` (or is done); the other account waits for a new
   * partner while its days last. Without `who`, both stop.
   */
  private async end(
    p: NurturingPair,
    accounts: { account_id: number; ends_at: number }[],
    reason: string,
    who?: number,
  ): Promise<void> {
    const now = this.now()
    await this.repo.systemUpdatePair(system, p, this.owner, { state: 'ended', updated_at: now })
    for (const x of accounts) {
      const mine = who === undefined || x.account_id === who
      if (mine)
        await this.repo.systemUpdateAccount(system, x.account_id, {
          state: reason === 'done' ? NurturingAccountState.done : NurturingAccountState.stopped,
          stop_reason: reason === 'done' ? null : reason,
          pair_id: null,
          updated_at: now,
        })
      else
        await this.repo.systemUpdateAccount(system, x.account_id, {
          state: x.ends_at <= now ? NurturingAccountState.done : NurturingAccountState.waiting,
          pair_id: null,
          updated_at: now,
        })
    }
  }
}

/**
 * A conversation is mostly texts: a file (image, voice note, sticker) is drawn about one time in
 * five when the language has files, and always when it has no texts.
 */
function drawMaterial<T extends { type: string }>(pool: T[], random: () => number): T | undefined {
  const texts = pool.filter((m) => m.type === 'text')
  const media = pool.filter((m) => m.type !== 'text')
  const from = media.length > 0 && (texts.length === 0 || random() < NURTURING_MEDIA_SHARE) ? media : texts
  return from[Math.floor(random() * from.length)]
}

function hours(rule: NurturingRule) {
  return { from: rule.active_from, to: rule.active_to, utcOffset: rule.utc_offset }
}
