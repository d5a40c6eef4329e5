import {
  ErrorCode,
  type FanInheritanceView,
  type FanInheritBody,
  type FanInheritPageBody,
  fanInheritProblem,
  type InheritFanPage,
  type InheritFansBody,
  InheritMode,
  type InheritSourceView,
  inheritSourceState,
  type Page,
} from '@app/core'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Database, Db } from '../../db/index.js'
import type { WsAccount } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { sessionRooms } from '../../realtime/rooms.js'
import { InheritanceReads } from './inheritance.reads.js'
import { choiceOf, type InheritanceRepository, type InheritChoice } from './inheritance.repository.js'

/** Inheritance loop. */
const system = openSystemScope('modules/fans/inheritance.service')

/** What the service needs of an account. */
export type InheritAccount = Pick<
  WsAccount,
  'id' | 'tenant_id' | 'phone' | 'status' | 'linked' | 'deleted_at' | 'agent_user_id'
>

/** What inheritance needs of other modules, handed in by the app (fans depend on nobody). */
export interface InheritanceDeps {
  db: Db
  hub: RealtimeHub
  log: Logger
  /** an account of the tenant, deleted ones included (accounts) */
  account: (tenantId: number, id: number) => Promise<InheritAccount | undefined>
  /** the names of those of `ids` that are labels of the tenant (labels) */
  labelNames: (tenantId: number, ids: number[]) => Promise<Map<number, string>>
  /** the personal session of a fan on an account, opened when missing (sessions: one per account and fan) */
  openSession: (
    q: Kysely<Database>,
    tenantId: number,
    accountId: number,
    fanId: number,
    at: number,
    newFan: boolean,
  ) => Promise<{ session: { id: number }; created: boolean }>
}

/** Source fans per transaction: each batch commits on its own, so no transaction is long. */
export const INHERIT_BATCH = 500
/** A running hand-over is its worker's for this long after its last batch. */
export const INHERIT_LEASE_MS = 60_000

/** Thrown in a batch's transaction when another worker moved the hand-over on: the batch rolls back. */
class InheritanceTakenOver extends Error {}
/**
 * How long a request waits for its hand-over: a larger one answers as running and goes on
 * behind it (the records list shows its progress), so the client's timeout never cuts it.
 */
const INHERIT_WAIT_MS = 5_000

/**
 * Hands the fans of a lost account (banned, logged out for good, deleted) to another live account
 * of the tenant. Each source fan is copied onto the receiver rather than moved: the old fan keeps
 * its session and messages on the old account, so its history stays readable there (and in chat
 * history), while the copy starts a fresh session owned by the receiver's agent. Batches commit
 * one by one with the record's counts and cursor, so a crash leaves whole batches only, and a
 * restart finishes the rest (`resumeStale`).
 */
export class InheritanceService {
  private readonly reads: InheritanceReads

  constructor(
    private readonly deps: InheritanceDeps,
    private readonly repo: InheritanceRepository,
    private readonly waitMs = INHERIT_WAIT_MS,
  ) {
    this.reads = new InheritanceReads(deps.db)
  }

  /** The accounts that may give their fans away now, with their valid fan counts. */
  async sources(tenantId: number): Promise<InheritSourceView[]> {
    const rows = await this.reads.accountsWithFans(tenantId)
    return rows.flatMap((r) => {
      const state = inheritSourceState({
        status: r.status,
        linked: r.linked === 1,
        deleted: r.deleted_at !== null,
      })
      if (!state) return []
      return [
        {
          id: r.id,
          phone: r.phone,
          pushName: r.push_name,
          remark: r.remark,
          status: r.status as InheritSourceView['status'],
          state,
          fanCount: Number(r.fan_count),
        },
      ]
    })
  }

  /** A page of a source's valid fans, for picking them one by one. */
  async fans(tenantId: number, body: InheritFansBody): Promise<InheritFanPage> {
    await this.source(tenantId, body.accountId)
    const rows = await this.reads.fanPage(
      tenantId,
      body.accountId,
      body.keyword || undefined,
      body.afterId ?? 0,
      body.pageSize + 1,
    )
    const more = rows.length > body.pageSize
    const list = (more ? rows.slice(0, body.pageSize) : rows).map((r) => ({
      id: r.id,
      title: r.nickname || r.push_name || r.phone || r.jid,
      phone: r.phone,
      remark: r.remark,
      labels: r.labels,
    }))
    return { list, nextAfterId: more ? (list.at(-1)?.id ?? null) : null }
  }

  /** Hand the chosen fans over, batch by batch; answers the record, finished unless it is large. */
  async inherit(actor: Caller, body: FanInheritBody): Promise<FanInheritanceView> {
    const tenantId = actor.tenantId
    const problem = fanInheritProblem(body)
    if (problem === 'sameAccount') throw new AppError(ErrorCode.inheritSameAccount)
    const from = await this.source(tenantId, body.accountId)
    const to = await this.deps.account(tenantId, body.toAccountId)
    if (!to) throw notFound()
    if (to.deleted_at !== null || to.status === 'banned') throw new AppError(ErrorCode.inheritTargetInvalid)
    if (problem === 'fansRequired') throw new AppError(ErrorCode.inheritFansRequired)
    if (problem === 'labelsRequired') throw new AppError(ErrorCode.inheritLabelsRequired)
    const fanIds = body.mode === InheritMode.fans ? [...new Set(body.fanIds)] : null
    const labelIds = body.mode === InheritMode.label ? [...new Set(body.labelIds)] : null
    if (fanIds) {
      const found = await this.repo.fansOf(tenantId, from.id, fanIds)
      if (fanIds.some((id) => !found.has(id))) throw notFound()
    }
    const names = labelIds ? await this.deps.labelNames(tenantId, labelIds) : new Map<number, string>()
    if (labelIds?.some((id) => !names.has(id))) throw notFound()
    const choice: InheritChoice = { tenantId, fromAccountId: from.id, mode: body.mode, fanIds, labelIds }
    if (!(await this.repo.anyFan(choice))) throw new AppError(ErrorCode.inheritNothingToMove)
    const now = Date.now()
    const id = await this.repo.insert(
      tenantId,
      {
        fromAccountId: from.id,
        toAccountId: to.id,
        mode: body.mode,
        fanIds,
        labelIds,
        labelNames: labelIds ? labelIds.map((l) => names.get(l) ?? '') : [],
        createdBy: actor.userId,
        leaseUntil: now + INHERIT_LEASE_MS,
      },
      now,
    )
    const running = this.run(id, choice, to, 0).catch((err: unknown) => {
      // its lease runs out and the engine takes it up from the last committed batch
      this.deps.log.error({ err, inheritance: id }, 'fan inheritance stopped')
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([running, new Promise((ok) => (timer = setTimeout(ok, this.waitMs)))])
    clearTimeout(timer)
    const record = (await this.reads.page(tenantId, { id }, 0, 1)).list[0]
    if (!record) throw notFound()
    return record
  }

  /** The records of hand-overs, newest first. */
  page(tenantId: number, body: FanInheritPageBody): Promise<Page<FanInheritanceView>> {
    return this.reads.page(
      tenantId,
      { accountId: body.accountId, from: body.from, to: body.to },
      (body.pageNo - 1) * body.pageSize,
      body.pageSize,
    )
  }

  /** Finish the hand-overs whose worker stopped mid-way (a crash or restart); answers how many. */
  async resumeStale(now = Date.now()): Promise<number> {
    let resumed = 0
    for (const row of await this.repo.systemStale(system, now, 20)) {
      if (!(await this.repo.claim(row, now + INHERIT_LEASE_MS, now))) continue
      const to = await this.deps.account(row.tenant_id, row.to_account_id)
      if (!to) continue
      await this.run(row.id, choiceOf(row), to, row.last_fan_id)
      resumed++
    }
    return resumed
  }

  /** The source account, if the tenant's and in a state to give its fans away. */
  private async source(tenantId: number, accountId: number): Promise<InheritAccount> {
    const from = await this.deps.account(tenantId, accountId)
    if (!from) throw notFound()
    const state = inheritSourceState({
      status: from.status,
      linked: from.linked === 1,
      deleted: from.deleted_at !== null,
    })
    if (!state) throw new AppError(ErrorCode.inheritSourceNotEligible)
    return from
  }

  /** Run the batches after `afterId` to the end, then close the record. */
  private async run(id: number, choice: InheritChoice, to: InheritAccount, afterId: number): Promise<void> {
    try {
      await this.batches(id, choice, to, afterId)
    } catch (err) {
      if (!(err instanceof InheritanceTakenOver)) throw err
      this.deps.log.warn(
        { tenantId: choice.tenantId, inheritance: id },
        'fan inheritance taken over by another worker',
      )
    }
  }

  private async batches(
    id: number,
    choice: InheritChoice,
    to: InheritAccount,
    afterId: number,
  ): Promise<void> {
    const { tenantId } = choice
    let cursor = afterId
    for (;;) {
      const opened: number[] = []
      const now = Date.now()
      const last = await this.deps.db.transaction().execute(async (tx) => {
        const fans = await this.repo.sourceFans(tx, choice, cursor, INHERIT_BATCH)
        if (fans.length === 0) return null
        const handed = await this.repo.copy(tx, tenantId, to.id, fans, now)
        let moved = 0
        for (const h of handed.values()) {
          if (h.copied) moved++
          const s = await this.deps.openSession(tx, tenantId, to.id, h.fanId, h.at, h.copied)
          if (s.created) opened.push(s.session.id)
        }
        const lastFanId = fans[fans.length - 1]?.id ?? cursor
        const advanced = await this.repo.advance(tx, tenantId, id, {
          moved,
          repeated: handed.size - moved,
          fromFanId: cursor,
          lastFanId,
          leaseUntil: now + INHERIT_LEASE_MS,
          now,
        })
        // another worker took the hand-over on (this one stalled past its lease): it finishes it
        if (!advanced) throw new InheritanceTakenOver()
        return lastFanId
      })
      if (last === null) break
      cursor = last
      this.announce(tenantId, to.agent_user_id, opened)
      // let other requests in between batches (SQLite answers without ever leaving the loop)
      await new Promise((next) => setImmediate(next))
    }
    await this.repo.finish(tenantId, id, Date.now())
    this.deps.log.info({ tenantId, inheritance: id }, 'fan inheritance done')
  }

  /**
   * The new sessions reach the receiver's agent and the supervisors live, as a change of owner
   * of a session their desk does not hold yet (after the batch committed: never a row they
   * cannot read).
   */
  private announce(tenantId: number, agentId: number | null, sessionIds: number[]): void {
    for (const sessionId of sessionIds)
      this.deps.hub.emit(sessionRooms(tenantId, sessionId, agentId), 'session.updated', {
        sessionId,
        changes: { agentUserId: agentId },
      })
  }
}
