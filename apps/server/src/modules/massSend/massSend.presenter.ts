import {
  type DeliveryValue,
  type FailureReasonValue,
  MassSendAction,
  type MassSendActionValue,
  type MassSendAudienceValue,
  type MassSendCounters,
  type MassSendCustomerFilter,
  type MassSendEventKindValue,
  type MassSendEventView,
  type MassSendFailReasonValue,
  type MassSendKindValue,
  type MassSendMethodValue,
  type MassSendRecipientView,
  type MassSendStatusValue,
  type MassSendTaskView,
  type MessageStatusValue,
  massSendActions,
  type RecipientStateValue,
} from '@app/core'
import { ZERO_COUNTERS } from './massSend.progress.js'
import type { EventRow, TaskWithCreator } from './massSend.repository.js'
import type { StoredSentence } from './massSend.sentences.js'
import type { RecipientLogRow, SendRow } from './recipient-log.query.js'

const ACTIONS = Object.values(MassSendAction)

function parse<T>(json: string | null, fallback: T): T {
  if (!json) return fallback
  try {
    return JSON.parse(json) as T
  } catch {
    return fallback
  }
}

/** A task as the list and the socket show it, with the actions its status allows. */
export function presentTask(t: TaskWithCreator): MassSendTaskView {
  const allowed = massSendActions(t.status as MassSendStatusValue)
  return {
    id: t.id,
    name: t.name,
    kind: t.kind as MassSendKindValue,
    audience: t.audience as MassSendAudienceValue,
    method: t.method as MassSendMethodValue,
    status: t.status as MassSendStatusValue,
    pauseReason: t.pause_reason as FailureReasonValue | null,
    failReason: t.fail_reason as MassSendFailReasonValue | null,
    sentenceInterval: { min: t.sentence_min, max: t.sentence_max },
    customerInterval: { min: t.customer_min, max: t.customer_max },
    sendCount: { min: t.count_min, max: t.count_max },
    dailyCap: t.daily_cap,
    waitTimeout: t.wait_timeout,
    appointmentAt: t.appointment_at,
    sentenceCount: parse<StoredSentence[]>(t.sentences, []).length,
    accountIds: parse<number[]>(t.account_ids, []),
    customerFilter: parse<MassSendCustomerFilter | null>(t.customer_filter, null),
    ownerUserId: t.owner_user_id,
    createdBy: t.created_by,
    createdByName: t.creator_nickname || t.creator_username || '',
    counters: parse<MassSendCounters>(t.counters, ZERO_COUNTERS),
    createdAt: t.created_at,
    startedAt: t.started_at,
    finishedAt: t.finished_at,
    can: Object.fromEntries(ACTIONS.map((a) => [a, allowed.includes(a)])) as Record<
      MassSendActionValue,
      boolean
    >,
  }
}

export function presentEvent(e: EventRow): MassSendEventView {
  return {
    id: e.id,
    kind: e.kind as MassSendEventKindValue,
    at: e.at,
    accountId: e.account_id,
    accountPhone: e.account_phone,
    count: e.count,
    reason: e.reason,
    toAccountIds: parse<number[]>(e.to_account_ids, []),
  }
}

export function presentRecipient(r: RecipientLogRow, sends: SendRow[]): MassSendRecipientView {
  return {
    id: r.id,
    phone: r.phone,
    fanId: r.fan_id,
    groupChatId: r.group_chat_id,
    title: r.title || r.phone || '',
    accountId: r.account_id,
    accountPhone: r.account_phone,
    movedFromAccountId: r.moved_from,
    state: r.state as RecipientStateValue,
    failureReason: r.failure_reason as FailureReasonValue | null,
    onWhatsApp: r.on_whatsapp === null ? null : r.on_whatsapp === 1,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    sentences: sends.map((s) => ({
      index: s.sentence_index,
      messageId: s.message_id,
      // a message deleted with its customer shows as it last was for the task: failed
      status: (s.status ?? 'failed') as MessageStatusValue,
      delivery: (s.delivery ?? 'none') as DeliveryValue,
      failureReason: s.failure_reason as FailureReasonValue | null,
      queuedAt: s.created_at,
      at: s.timestamp ?? s.created_at,
    })),
  }
}
