import { type MassSendCreateBody, MassSendStatus } from '@app/core'
import type { Insertable } from 'kysely'
import type { MassSendTaskTable } from '../../db/schema.js'
import type { Caller } from '../../http/caller.js'
import { ZERO_COUNTERS } from './massSend.progress.js'
import type { StoredSentence } from './massSend.sentences.js'

/**
 * A new task's row: preparing, its settings as given (an appointment in the past runs at once),
 * owned by whoever the caller works as (an agent, also when a supervisor acts as one, whose scope
 * it keeps), its counters at the recipients it starts with.
 */
export function newTaskRow(
  caller: Caller,
  body: MassSendCreateBody,
  sentences: StoredSentence[],
  accountIds: number[],
  recipients: number,
  now: number,
): Insertable<MassSendTaskTable> {
  const a = body.audience
  return {
    tenant_id: caller.tenantId,
    name: body.name,
    kind: body.kind,
    audience: a.type,
    method: body.method,
    status: MassSendStatus.preparing,
    pause_reason: null,
    fail_reason: null,
    sentences: JSON.stringify(sentences),
    sentence_min: body.sentenceInterval.min,
    sentence_max: body.sentenceInterval.max,
    customer_min: body.customerInterval.min,
    customer_max: body.customerInterval.max,
    count_min: body.sendCount.min,
    count_max: body.sendCount.max,
    daily_cap: body.dailyCap,
    wait_timeout: body.waitTimeout,
    appointment_at: body.appointmentAt && body.appointmentAt > now ? body.appointmentAt : null,
    utc_offset: body.utcOffsetMinutes,
    account_ids: JSON.stringify(a.type === 'groups' ? [] : accountIds),
    customer_filter:
      a.type === 'customers'
        ? JSON.stringify({
            all: a.all,
            includeLabelIds: a.includeLabelIds,
            excludeLabelIds: a.excludeLabelIds,
            country: a.country ?? null,
            source: a.source ?? null,
          })
        : null,
    owner_user_id: caller.actingUserId,
    agent_scope: caller.agentId,
    created_by: caller.userId,
    counters: JSON.stringify({
      ...ZERO_COUNTERS,
      total: recipients,
      pending: recipients,
      remaining: recipients,
    }),
    created_at: now,
    updated_at: now,
    started_at: null,
    finished_at: null,
  }
}
