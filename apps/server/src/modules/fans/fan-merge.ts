import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import type { Fan, Session } from '../../db/schema.js'
import type { MergeRecord } from './fan-merges.repository.js'
import type { FanMergeParts } from './fans.collaborators.js'

type Q = Kysely<Database>

export interface MergeContext {
  q: Q
  tenantId: number
  parts: FanMergeParts
}

/** The columns a split puts back on the surviving fan: its address and what the merge combined. */
const SURVIVOR_COLUMNS = [
  'jid',
  'phone',
  'lid',
  'country',
  'push_name',
  'nickname',
  'remark',
  'invalid',
  'mass_send_enabled',
  'repeat_flag',
  'nurturing',
  'inherited_from',
] as const

/**
 * The absorbed fan's chat and labels moved to the surviving fan, in the caller's transaction: both
 * sessions' rows into the surviving session (or the absorbed fan's session handed over whole when
 * the survivor had none), its labels added, then the absorbed fan deleted and the survivor given
 * `survivor` (both addresses and the combined details). Returns the record to keep and the
 * surviving session.
 */
export async function joinFans(
  ctx: MergeContext,
  m: { accountId: number; into: Fan; from: Fan; survivor: Partial<Fan> },
): Promise<{ record: MergeRecord; session: Session | null }> {
  const { q, tenantId, parts } = ctx
  const intoSession = (await parts.sessionOf(q, tenantId, m.accountId, m.into.id)) ?? null
  const fromSession = (await parts.sessionOf(q, tenantId, m.accountId, m.from.id)) ?? null
  const record: MergeRecord = {
    into: m.into,
    from: m.from,
    intoSession,
    fromSession,
    sessions: 'none',
    rows: {},
    labels: { from: [], added: [] },
  }
  let session = intoSession
  if (intoSession && fromSession) {
    for (const part of parts.sessionRows)
      record.rows[part.name] = await part.move(q, tenantId, fromSession.id, intoSession.id)
    session = await parts.joinSessions(q, tenantId, intoSession, fromSession)
    record.sessions = 'joined'
  } else if (fromSession) {
    await parts.moveSession(q, tenantId, fromSession.id, m.into.id)
    session = { ...fromSession, fan_id: m.into.id }
    record.sessions = 'moved'
  }
  record.labels = await moveLabels(q, tenantId, m.from.id, m.into.id)
  // the absorbed fan goes first: its address is the survivor's now (unique per account)
  await q.deleteFrom('fans').where('tenant_id', '=', tenantId).where('id', '=', m.from.id).execute()
  await q
    .updateTable('fans')
    .set(m.survivor)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', m.into.id)
    .execute()
  return { record, session }
}

/** A merge undone from its record: the absorbed fan, its session, labels and rows back where they were. */
export async function splitFans(ctx: MergeContext, r: MergeRecord): Promise<void> {
  const { q, tenantId, parts } = ctx
  // the survivor gives the absorbed fan's address back before that fan returns
  const back = Object.fromEntries(SURVIVOR_COLUMNS.map((c) => [c, r.into[c]])) as Partial<Fan>
  await q
    .updateTable('fans')
    .set(back)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', r.into.id)
    .execute()
  await q.insertInto('fans').values(r.from).execute()
  if (r.labels.from.length > 0) {
    await q
      .insertInto('fan_labels')
      .values(
        r.labels.from.map((l) => ({
          tenant_id: tenantId,
          fan_id: r.from.id,
          label_id: l.labelId,
          created_at: l.createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['fan_id', 'label_id']).doNothing())
      .execute()
  }
  if (r.labels.added.length > 0) {
    await q
      .deleteFrom('fan_labels')
      .where('tenant_id', '=', tenantId)
      .where('fan_id', '=', r.into.id)
      .where('label_id', 'in', r.labels.added)
      .execute()
  }
  if (r.sessions === 'moved' && r.fromSession) {
    await parts.moveSession(q, tenantId, r.fromSession.id, r.from.id)
  } else if (r.sessions === 'joined' && r.intoSession && r.fromSession) {
    await parts.splitSessions(q, tenantId, r.intoSession, r.fromSession)
    for (const part of parts.sessionRows)
      await part.moveBack(q, tenantId, r.rows[part.name], r.intoSession.id, r.fromSession.id)
  }
}

/** The absorbed fan's labels onto the survivor (those it lacked), then off the absorbed fan. */
async function moveLabels(
  q: Q,
  tenantId: number,
  fromId: number,
  intoId: number,
): Promise<MergeRecord['labels']> {
  const of = (fanId: number) =>
    q
      .selectFrom('fan_labels')
      .select(['label_id', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('fan_id', '=', fanId)
      .execute()
  const from = await of(fromId)
  const has = new Set((await of(intoId)).map((l) => l.label_id))
  const added = from.filter((l) => !has.has(l.label_id))
  if (added.length > 0) {
    await q
      .insertInto('fan_labels')
      .values(
        added.map((l) => ({
          tenant_id: tenantId,
          fan_id: intoId,
          label_id: l.label_id,
          created_at: l.created_at,
        })),
      )
      .execute()
  }
  if (from.length > 0) {
    await q.deleteFrom('fan_labels').where('tenant_id', '=', tenantId).where('fan_id', '=', fromId).execute()
  }
  return {
    from: from.map((l) => ({ labelId: l.label_id, createdAt: l.created_at })),
    added: added.map((l) => l.label_id),
  }
}
