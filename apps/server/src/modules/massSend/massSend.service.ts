import {
  AUDIENCE_SAMPLE_SIZE,
  ErrorCode,
  type MassSendAudienceBody,
  type MassSendAudiencePreview,
  type MassSendChart,
  type MassSendCreateBody,
  type MassSendGroupPage,
  type MassSendGroupsBody,
  type MassSendPageBody,
  type MassSendRecipientPage,
  type MassSendRecipientsBody,
  MassSendStatus,
  type MassSendTaskDetail,
  type MassSendTaskView,
  type Page,
  RecipientState,
  vipActive,
} from '@app/core'
import type { Insertable } from 'kysely'
import type { Db } from '../../db/index.js'
import type { MassSendRecipientTable } from '../../db/schema.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { AccountDirectory } from '../accounts/index.js'
import type { MassAudienceFilter, MassAudienceQuery } from '../fans/index.js'
import type { MediaStore } from '../messages/index.js'
import { pickableGroupChats } from '../sessions/index.js'
import type { UsersService } from '../users/index.js'
import { newTaskRow } from './massSend.create.js'
import type { TaskLifecycle } from './massSend.lifecycle.js'
import { presentEvent, presentRecipient, presentTask } from './massSend.presenter.js'
import { type MassSendProgress, ZERO_COUNTERS } from './massSend.progress.js'
import type { MassSendRepository, TaskWithCreator } from './massSend.repository.js'
import {
  type MaterialLookup,
  presentSentence,
  resolveSentences,
  type StoredSentence,
} from './massSend.sentences.js'
import type { RecipientLogQuery } from './recipient-log.query.js'
import type { RecipientsRepository } from './recipients.repository.js'

/** The labels module's list of a tenant's labels (ids chosen in a filter must be the tenant's). */
export type TenantLabels = (tenantId: number) => Promise<{ id: number }[]>

export interface MassSendServiceDeps {
  db: Db
  tasks: MassSendRepository
  recipients: RecipientsRepository
  log: RecipientLogQuery
  progress: MassSendProgress
  lifecycle: TaskLifecycle
  accounts: AccountDirectory
  audience: MassAudienceQuery
  labels: TenantLabels
  media: MediaStore
  materials: MaterialLookup
  users: UsersService
  /** new work for the engine in this process */
  wake: () => void
}

const S = MassSendStatus
const EVENTS_SHOWN = 200
/** Recipients written per statement batch when a task is created. */
const CREATE_CHUNK = 1_000

/**
 * Mass-send tasks as users handle them: create (the audience checked against the caller's scope:
 * an agent's own customers, accounts and groups), list, read, start, pause, resume, terminate and
 * delete, and the log. A supervisor at their own screens sees every task of the tenant; an agent
 * (or a supervisor acting as one) the tasks they own.
 */
export class MassSendService {
  constructor(private readonly d: MassSendServiceDeps) {}

  async create(caller: Caller, body: MassSendCreateBody): Promise<{ id: number }> {
    const { tenantId } = caller
    const [, validEnd] = await this.d.users.tenantValidity(tenantId)
    if (!vipActive(validEnd)) throw new AppError(ErrorCode.vipExpired)
    const accountIds = await this.requireAccounts(caller, body.accountIds)
    const sentences = await resolveSentences(
      this.d.db,
      this.d.media,
      this.d.materials,
      { tenantId, userId: caller.actingUserId },
      body.sentences,
    )
    const now = Date.now()
    const a = body.audience
    const audience = await this.audienceRows(caller, a, accountIds, now)
    const id = await this.d.db.transaction().execute(async (tx) => {
      const taskId = await this.d.tasks.insert(
        tx,
        newTaskRow(caller, body, sentences, accountIds, audience.count, now),
      )
      for (const chunk of audience.chunks(taskId)) await this.d.recipients.insertMany(tx, chunk)
      await this.d.lifecycle.event(tx, { id: taskId, tenant_id: tenantId }, 'created', now, {
        count: audience.count,
      })
      return taskId
    })
    this.d.wake()
    return { id }
  }

  async page(caller: Caller, body: MassSendPageBody): Promise<Page<MassSendTaskView>> {
    const { rows, total } = await this.d.tasks.page(caller.tenantId, caller.agentId, body)
    return { list: rows.map(presentTask), total }
  }

  async detail(caller: Caller, taskId: number): Promise<MassSendTaskDetail> {
    const task = await this.visible(caller, taskId)
    // fresh counters, pushed to the task's readers too when they moved since the last push
    const counters = (await this.d.progress.refresh(caller.tenantId, taskId)) ?? ZERO_COUNTERS
    const [accounts, events] = await Promise.all([
      this.d.log.accounts(caller.tenantId, taskId),
      this.d.tasks.events(caller.tenantId, taskId, EVENTS_SHOWN),
    ])
    return {
      ...presentTask(task),
      counters,
      sentences: (JSON.parse(task.sentences) as StoredSentence[]).map(presentSentence),
      accounts: accounts.map((a) => ({
        id: a.account_id,
        phone: a.phone,
        status: a.status ?? 'offline',
        total: Number(a.total ?? 0),
        remaining: Number(a.remaining ?? 0),
      })),
      events: events.map(presentEvent),
    }
  }

  /** A pending task (waiting for its appointment) runs now. */
  async start(caller: Caller, taskId: number): Promise<void> {
    const task = await this.visible(caller, taskId)
    if (task.status !== S.pending) throw new AppError(ErrorCode.massSendNotPending)
    await this.requireSendable(caller)
    if (!(await this.d.lifecycle.run(caller.tenantId, taskId, S.pending, Date.now())))
      throw new AppError(ErrorCode.massSendNotPending)
    this.d.wake()
  }

  async pause(caller: Caller, taskId: number): Promise<void> {
    await this.visible(caller, taskId)
    if (!(await this.d.lifecycle.pause(caller.tenantId, taskId, null, Date.now())))
      throw new AppError(ErrorCode.massSendNotExecuting)
  }

  /** Go on where the task stopped; refused while the tenant is under risk control or its VIP has expired. */
  async resume(caller: Caller, taskId: number): Promise<void> {
    const task = await this.visible(caller, taskId)
    if (task.status !== S.paused) throw new AppError(ErrorCode.massSendNotPaused)
    await this.requireSendable(caller)
    if (!(await this.d.lifecycle.run(caller.tenantId, taskId, S.paused, Date.now())))
      throw new AppError(ErrorCode.massSendNotPaused)
    this.d.wake()
  }

  async terminate(caller: Caller, taskId: number): Promise<void> {
    await this.visible(caller, taskId)
    if (!(await this.d.lifecycle.terminate(caller.tenantId, taskId, Date.now())))
      throw new AppError(ErrorCode.massSendFinished)
  }

  /** Delete a task with its log; refused while it executes or prepares (the messages sent stay in their chats). */
  async remove(caller: Caller, taskId: number): Promise<void> {
    const task = await this.visible(caller, taskId)
    if (task.status === S.executing) throw new AppError(ErrorCode.massSendDeleteExecuting)
    if (task.status === S.preparing) throw new AppError(ErrorCode.massSendDeletePreparing)
    await this.d.tasks.remove(caller.tenantId, taskId)
  }

  async recipients(caller: Caller, body: MassSendRecipientsBody): Promise<MassSendRecipientPage> {
    await this.visible(caller, body.taskId)
    const rows = await this.d.log.page(caller.tenantId, body, body.afterId ?? 0, body.pageSize + 1)
    const more = rows.length > body.pageSize
    const list = more ? rows.slice(0, body.pageSize) : rows
    const sends = await this.d.log.sends(
      caller.tenantId,
      list.map((r) => r.id),
    )
    return {
      list: list.map((r) =>
        presentRecipient(
          r,
          sends.filter((s) => s.recipient_id === r.id),
        ),
      ),
      nextCursor: more ? (list.at(-1)?.id ?? null) : null,
    }
  }

  async chart(caller: Caller, taskId: number, bucketMinutes?: number): Promise<MassSendChart> {
    const task = await this.visible(caller, taskId)
    const from = task.started_at ?? task.created_at
    const span = Math.max(60_000, (task.finished_at ?? Date.now()) - from)
    const bucketMs = bucketMinutes ? bucketMinutes * 60_000 : Math.ceil(span / 120 / 60_000) * 60_000
    const [rows, accounts] = await Promise.all([
      this.d.log.chart(caller.tenantId, taskId, from, bucketMs),
      this.d.log.accounts(caller.tenantId, taskId),
    ])
    const phone = new Map(accounts.map((a) => [a.account_id, a.phone]))
    const series = new Map<number, MassSendChart['series'][number]>()
    for (const r of rows) {
      let s = series.get(r.account_id)
      if (!s) {
        s = { accountId: r.account_id, phone: phone.get(r.account_id) ?? null, points: [] }
        series.set(r.account_id, s)
      }
      s.points.push({ at: from + Number(r.b) * bucketMs, sent: Number(r.sent), failed: Number(r.failed) })
    }
    for (const s of series.values()) s.points.sort((x, y) => x.at - y.at)
    return { from, bucketMs, series: [...series.values()] }
  }

  /**
   * How many recipients an audience would have right now (customers: the fans the filter reaches),
   * and the first few with the values the sentences' variables take for them, as the lanes fill
   * them: a customer's nickname (else the name they gave WhatsApp), a group's title, a stranger's
   * number; the sending number is the first chosen (a customer's own account).
   */
  async audienceCount(
    caller: Caller,
    audience: MassSendAudienceBody,
    accountIds: number[],
  ): Promise<MassSendAudiencePreview> {
    // one read of the caller's accounts: the choice checked against it, the numbers read from it
    const usable = await this.d.accounts.usableBy(caller.tenantId, caller.agentId)
    const accounts = this.chosenOf([...new Set(accountIds)], usable)
    const phoneOf = (id: number | undefined) => usable.find((a) => a.id === id)?.phone ?? ''
    const sender = phoneOf(accounts[0])
    if (audience.type === 'strangers') {
      const phones = [...new Set(audience.phones)]
      const sample = phones
        .slice(0, AUDIENCE_SAMPLE_SIZE)
        .map((phone) => ({ nickname: '', phone, account: sender }))
      return { count: phones.length, sample }
    }
    if (audience.type === 'groups') {
      const groups = await this.requireGroups(caller, audience.groupChatIds)
      const sample = groups.slice(0, AUDIENCE_SAMPLE_SIZE).map((g) => ({
        nickname: g.nickname || g.subject,
        phone: '',
        account: g.account_phone ?? sender,
      }))
      return { count: groups.length, sample }
    }
    await this.requireLabels(caller.tenantId, [...audience.includeLabelIds, ...audience.excludeLabelIds])
    const filter: MassAudienceFilter = {
      includeLabelIds: audience.all ? [] : audience.includeLabelIds,
      excludeLabelIds: audience.excludeLabelIds,
      accountIds: accounts,
      country: audience.country,
      source: audience.source,
    }
    const [count, first] = await Promise.all([
      this.d.audience.count(caller, filter),
      this.d.audience.page(caller, filter, 0, AUDIENCE_SAMPLE_SIZE),
    ])
    const sample = first.map((f) => ({
      nickname: f.nickname || f.push_name,
      phone: f.phone ?? '',
      account: phoneOf(f.account_id),
    }))
    return { count, sample }
  }

  /** The group picker: group chats of the caller's accounts. */
  async groups(caller: Caller, body: MassSendGroupsBody): Promise<MassSendGroupPage> {
    const rows = await pickableGroupChats(this.d.db, caller.tenantId, caller.agentId, {
      accountIds: body.accountIds,
      keyword: body.keyword,
      afterId: body.afterId,
      limit: body.pageSize + 1,
    })
    const more = rows.length > body.pageSize
    const list = more ? rows.slice(0, body.pageSize) : rows
    return {
      list: list.map((g) => ({
        id: g.id,
        subject: g.nickname || g.subject,
        accountId: g.account_id,
        accountPhone: g.account_phone,
        memberCount: g.member_count,
      })),
      nextCursor: more ? (list.at(-1)?.id ?? null) : null,
    }
  }

  /**
   * The recipients a new task starts with, made in chunks as they are written (a list of 100,000
   * numbers is not copied into 100,000 rows at once): strangers spread over the sending accounts
   * in turn, the chosen groups; customers are read by the engine while the task prepares.
   */
  private async audienceRows(caller: Caller, a: MassSendAudienceBody, accountIds: number[], now: number) {
    const base = { tenant_id: caller.tenantId, state: RecipientState.pending, updated_at: now }
    type Row = Insertable<MassSendRecipientTable>
    if (a.type === 'strangers') {
      const phones = [...new Set(a.phones)]
      return {
        count: phones.length,
        *chunks(taskId: number): Iterable<Row[]> {
          for (let i = 0; i < phones.length; i += CREATE_CHUNK)
            yield phones.slice(i, i + CREATE_CHUNK).map((phone, k) => ({
              ...base,
              task_id: taskId,
              account_id: accountIds[(i + k) % accountIds.length] as number,
              phone,
              title: phone,
            }))
        },
      }
    }
    if (a.type === 'groups') {
      const groups = await this.requireGroups(caller, a.groupChatIds)
      return {
        count: groups.length,
        *chunks(taskId: number): Iterable<Row[]> {
          yield groups.map((g) => ({
            ...base,
            task_id: taskId,
            account_id: g.account_id,
            group_chat_id: g.id,
            title: g.nickname || g.subject,
          }))
        },
      }
    }
    await this.requireLabels(caller.tenantId, [...a.includeLabelIds, ...a.excludeLabelIds])
    return { count: 0, chunks: (): Iterable<Row[]> => [] }
  }

  /** A task the caller may read, else not found. */
  async visible(caller: Caller, taskId: number): Promise<TaskWithCreator> {
    const task = await this.d.tasks.get(caller.tenantId, taskId, caller.agentId)
    if (!task) throw notFound()
    return task
  }

  /** Sends may go: not under risk control, the subscription active. */
  private async requireSendable(caller: Caller): Promise<void> {
    if ((await this.d.users.tenantRiskStatus(caller)) === 1) throw new AppError(ErrorCode.massSendRiskControl)
    const [, validEnd] = await this.d.users.tenantValidity(caller.tenantId)
    if (!vipActive(validEnd)) throw new AppError(ErrorCode.vipExpired)
  }

  /** The chosen accounts, each once, all among the caller's live ones (an agent: assigned to them). */
  private async requireAccounts(caller: Caller, ids: number[]): Promise<number[]> {
    const chosen = [...new Set(ids)]
    if (!chosen.length) return []
    return this.chosenOf(chosen, await this.d.accounts.usableBy(caller.tenantId, caller.agentId))
  }

  /** The chosen accounts, each one the caller may send from (`usable`). */
  private chosenOf(chosen: number[], usable: { id: number }[]): number[] {
    const ids = new Set(usable.map((a) => a.id))
    if (chosen.some((id) => !ids.has(id))) throw new AppError(ErrorCode.massSendAccountUnusable)
    return chosen
  }

  private async requireGroups(caller: Caller, ids: number[]) {
    const chosen = [...new Set(ids)]
    const found = await pickableGroupChats(this.d.db, caller.tenantId, caller.agentId, {
      ids: chosen,
      limit: chosen.length,
    })
    if (found.length !== chosen.length) throw new AppError(ErrorCode.massSendGroupUnusable)
    return found
  }

  private async requireLabels(tenantId: number, ids: number[]): Promise<void> {
    if (!ids.length) return
    const own = new Set((await this.d.labels(tenantId)).map((l) => l.id))
    if (ids.some((id) => !own.has(id))) throw notFound()
  }
}
