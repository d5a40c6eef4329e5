import { FailureReason, FanSource, RecipientState, SendOrigin } from '@app/core'
import { type Kysely, NoResultError } from 'kysely'
import type { Database, Db } from '../../db/index.js'
import type { Session } from '../../db/schema.js'
import { openSystemScope } from '../../db/system-scope.js'
import { phoneToJid } from '../../gateway/messaging-gateway.js'
import { AppError } from '../../http/errors.js'
import { FanDirectory } from '../fans/index.js'
import type { OutboxService, Peer, StagedMessage } from '../outbox/index.js'
import type { GroupDirectory, SessionDirectory } from '../sessions/index.js'
import type { LaneContext } from './lane.account.js'
import type { LaneState } from './lane.worker.js'
import type { LaneRow, LanesRepository } from './lanes.repository.js'
import { fillSentence } from './massSend.sentences.js'
import type { TaskPlan } from './massSend.tasks.js'
import { draw } from './massSend.timing.js'
import type { RecipientRow, RecipientsRepository } from './recipients.repository.js'

/** Mass-send engine. */
const system = openSystemScope('modules/massSend/lane.sender')

type Q = Kysely<Database>
export type SendOutcome = 'enqueued' | 'refused'

/** The step cannot go on: the lane's lease was lost, or the task or recipient ended meanwhile. */
export class LaneGone extends Error {}

type Target =
  | { refused: string }
  | {
      session: Session
      /** whom the session writes to, when this transaction read it (a group's the outbox reads) */
      peer?: Peer
      fanId: number | null
      vars: { nickname: string; phone: string; account: string }
    }

/** The lane's message is in the outbox: look again shortly (a settled message wakes it sooner). */
const SETTLE_RECHECK_MS = 250

/**
 * Sends one sentence to one recipient through the outbox. The message with its outbox row (its
 * WhatsApp id chosen now), the send's record, the recipient's progress and the lane's schedule
 * are one transaction: after a crash either all of it happened (and the outbox sends the message
 * once, by its id) or none of it did (and the lane sends it again). A stranger becomes a fan with
 * source "stranger mass send" in the same transaction. Refusals (an invalid customer, mass send
 * forbidden or opted out, a blocked session, a group gone) end the recipient with the reason.
 */
export class LaneSender {
  private readonly fans = new FanDirectory()

  constructor(
    private readonly db: Db,
    private readonly recipients: RecipientsRepository,
    private readonly lanes: LanesRepository,
    private readonly sessions: SessionDirectory,
    private readonly groupChats: GroupDirectory,
    private readonly outbox: OutboxService,
    private readonly owner: string,
    private readonly random: () => number,
  ) {}

  async send(
    claimed: LaneRow,
    ctx: LaneContext,
    task: TaskPlan,
    lane: LaneState,
    r: RecipientRow,
    index: number,
    now: number,
    onStart: (next: LaneState) => void,
  ): Promise<SendOutcome> {
    const row = task.row
    const sentence = task.sentences[index]
    if (!sentence) return this.refuse(r, FailureReason.platformLimit, now)
    if (r.group_chat_id !== null && !(await this.groupChats.byId(row.tenant_id, r.group_chat_id)))
      return this.refuse(r, FailureReason.invalidCustomer, now)
    const next: LaneState = { ...lane }
    let refusal: string | null = null
    let staged: StagedMessage | null
    try {
      staged = await this.db.transaction().execute(async (tx) => {
        const target = await this.target(tx, task, claimed.account_id, ctx.account_phone ?? '', r, now)
        if ('refused' in target) {
          refusal = target.refused
          return null
        }
        const message = await this.outbox.enqueueWithin(
          tx,
          {
            tenantId: row.tenant_id,
            sessionId: target.session.id,
            content: fillSentence(sentence.content, target.vars),
            requestedBy: row.owner_user_id,
            origin: SendOrigin.massSend,
          },
          { session: target.session, peer: target.peer },
        )
        const id = message.message.id
        await this.recipients.insertItem(tx, {
          tenant_id: row.tenant_id,
          task_id: row.id,
          recipient_id: r.id,
          account_id: claimed.account_id,
          sentence_index: index,
          message_id: id,
          created_at: now,
        })
        const last = index + 1 >= task.sentences.length
        const nextAt = last ? null : now + draw(row.sentence_min, row.sentence_max, this.random) * 1000
        const progressed = await this.recipients.systemUpdate(
          system,
          tx,
          r.id,
          [index === 0 ? RecipientState.pending : RecipientState.active],
          {
            state: RecipientState.active,
            next_sentence: index + 1,
            session_id: target.session.id,
            fan_id: target.fanId ?? r.fan_id,
            last_message_id: id,
            started_at: r.started_at ?? now,
            next_at: nextAt,
            due_at: nextAt,
            wait_until: last || task.oneByOne ? null : now + row.wait_timeout * 1000,
            recheck_ms: 0,
            updated_at: now,
          },
        )
        if (!progressed) throw new LaneGone(`recipient ${r.id} ended meanwhile`)
        if (index === 0) onStart(next)
        next.last_message_id = id
        next.last_recipient_id = r.id
        // the lane is given back with the message: looked at again once the outbox settled it
        const kept = await this.lanes.systemUpdateLane(system, tx, claimed, this.owner, {
          ...next,
          due_at: now + SETTLE_RECHECK_MS,
          lease_owner: null,
          lease_until: 0,
        })
        if (!kept) throw new LaneGone(`lane ${claimed.id} lost its lease, or task ${row.id} stopped`)
        return message
      })
    } catch (err) {
      const reason = refusalOf(err)
      if (!reason) throw err
      return this.refuse(r, reason, now)
    }
    if (refusal !== null || !staged) return this.refuse(r, refusal ?? FailureReason.platformLimit, now)
    Object.assign(lane, next)
    await this.outbox.publish(staged)
    return 'enqueued'
  }

  /** End a recipient with a failure reason (never silently). */
  private async refuse(r: RecipientRow, reason: string, now: number): Promise<SendOutcome> {
    await this.recipients.systemUpdate(
      system,
      this.db,
      r.id,
      [RecipientState.pending, RecipientState.active],
      {
        state: RecipientState.failed,
        failure_reason: reason,
        due_at: null,
        finished_at: now,
        updated_at: now,
      },
    )
    return 'refused'
  }

  /** The recipient's session (a stranger's fan and session made now) and the sentence's variables, or why not. */
  private async target(
    tx: Q,
    task: TaskPlan,
    accountId: number,
    accountPhone: string,
    r: RecipientRow,
    now: number,
  ): Promise<Target> {
    const tenantId = task.row.tenant_id
    if (r.group_chat_id !== null) {
      const { session } = await this.sessions.openGroup(tx, tenantId, accountId, r.group_chat_id, now)
      if (session.blocked === 1 || session.invalid === 1) return { refused: FailureReason.invalidCustomer }
      return {
        session,
        fanId: null,
        vars: { nickname: r.title, phone: '', account: accountPhone },
      }
    }
    let fan: Awaited<ReturnType<FanDirectory['byId']>>
    let created = false
    if (r.fan_id === null && r.phone) {
      const who = { jid: phoneToJid(r.phone), phone: r.phone, lid: null, pushName: '' }
      const made = await this.fans.findOrCreate(tx, tenantId, accountId, who, FanSource.strangerMassSend, now)
      fan = made.fan
      created = made.created
    } else {
      fan = r.fan_id === null ? undefined : await this.fans.byId(tx, tenantId, r.fan_id)
    }
    if (!fan || fan.invalid === 1) return { refused: FailureReason.invalidCustomer }
    if (fan.mass_send_enabled === 0) return { refused: FailureReason.massSendProhibited }
    const { session } = await this.sessions.openPersonal(tx, tenantId, fan.account_id, fan.id, now, created)
    if (session.blocked === 1 || session.invalid === 1) return { refused: FailureReason.invalidCustomer }
    return {
      session,
      peer: { jid: fan.jid, title: fan.nickname || fan.push_name || fan.phone || fan.jid, invalid: false },
      fanId: fan.id,
      vars: {
        nickname: fan.nickname || fan.push_name,
        phone: fan.phone ?? r.phone ?? '',
        account: accountPhone,
      },
    }
  }
}

/** Errors that refuse this one recipient: its file is gone (the sentence cannot go), its chat is gone. */
function refusalOf(err: unknown): string | null {
  if (err instanceof AppError) return FailureReason.platformLimit
  if (err instanceof NoResultError) return FailureReason.invalidCustomer
  return null
}
