import {
  BATCH_IDS_MAX,
  type FanBatchLabelsBody,
  type FanBatchMassSendBody,
  FanBatchOutcome,
  type FanBatchResult,
  type FanFilter,
  type SessionFlagBody,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import type { DeskSessionActions, FanLabelWrites } from './fans.collaborators.js'
import type { FanCursor, FanListQuery } from './fans.list.js'
import { FansRepository } from './fans.repository.js'

type Outcome = FanBatchResult['items'][number]

/** A session the desk no longer reaches (its account deleted, or moved meanwhile). */
const isNotFound = (err: unknown) => err instanceof AppError && err.code === 404

/**
 * Batch actions on the customers list. A batch takes the chosen fans (each found one answered on
 * its own; another tenant's, or one outside an agent's scope, only counted as not found) or, for labels and mass send,
 * every fan a filter matches (answered with counts, walked in chunks of the list's order). Labels
 * go through the labels module; a fan's flags and hand-over through the desk's session actions,
 * so the session follows and open desks hear of it as they do from the desk.
 */
export class FanBatches {
  private readonly fans = new FansRepository()

  constructor(
    private readonly db: Db,
    private readonly list: FanListQuery,
    private readonly labels: FanLabelWrites,
    private readonly desk: DeskSessionActions,
  ) {}

  /** Labels on (or off) the chosen or matching fans. */
  async labelsBatch(caller: Caller, body: FanBatchLabelsBody): Promise<FanBatchResult> {
    const write = body.mode === 'add' ? this.labels.addToFans : this.labels.removeFromFans
    const apply = async (ids: number[]) => (await write.call(this.labels, caller, ids, body.labelIds)).changed
    if ('filter' in body) return this.overFilter(caller, body.filter, apply)
    const chosen = await this.chosen(caller, body.fanIds)
    const changed = chosen.found.size ? await apply([...chosen.found.keys()]) : 0
    return result(chosen, changed)
  }

  /** Mass sends allowed or forbidden for the chosen or matching fans. */
  async massSend(caller: Caller, body: FanBatchMassSendBody): Promise<FanBatchResult> {
    if ('filter' in body) {
      // a whole filter at once: the fans' flag in bulk; open desks show it on their next read
      return this.overFilter(caller, body.filter, (ids) =>
        this.fans.setFlags(this.db, caller.tenantId, ids, { mass_send_enabled: body.value ? 1 : 0 }),
      )
    }
    return this.flagEach(caller, body.fanIds, 'massSend', body.value)
  }

  /** The chosen fans marked invalid, or restored. */
  invalid(caller: Caller, fanIds: number[], value: boolean): Promise<FanBatchResult> {
    return this.flagEach(caller, fanIds, 'invalid', value)
  }

  /** The chosen fans' sessions handed to another agent, as the desk's migrate does each. */
  async migrate(caller: Caller, fanIds: number[], userId: number): Promise<FanBatchResult> {
    const chosen = await this.chosen(caller, fanIds)
    let changed = 0
    for (const item of chosen.items) {
      const sessionId = chosen.found.get(item.fanId) ?? null
      if (sessionId === null) {
        item.outcome = FanBatchOutcome.noSession
        continue
      }
      try {
        // a target that is not an enabled agent of the tenant fails the first call, before anything moved
        await this.desk.migrate(caller, sessionId, userId)
        changed++
      } catch (err) {
        if (!isNotFound(err)) throw err
        item.outcome = FanBatchOutcome.noSession
      }
    }
    return result(chosen, changed)
  }

  /** A session flag per chosen fan through the desk; a fan without a session in reach: the fan alone. */
  private async flagEach(
    caller: Caller,
    fanIds: number[],
    flag: Extract<SessionFlagBody['flag'], 'massSend' | 'invalid'>,
    value: boolean,
  ): Promise<FanBatchResult> {
    const chosen = await this.chosen(caller, fanIds)
    const { found } = chosen
    const column = flag === 'massSend' ? 'mass_send_enabled' : 'invalid'
    for (const [fanId, sessionId] of found) {
      if (sessionId !== null) {
        try {
          await this.desk.flag(caller, { sessionId, flag, value })
          continue
        } catch (err) {
          if (!isNotFound(err)) throw err
        }
      }
      await this.fans.setFlags(this.db, caller.tenantId, [fanId], { [column]: value ? 1 : 0 })
    }
    return result(chosen, found.size)
  }

  /** The chosen fans in the caller's scope (with their session), an outcome each, and how many were not found. */
  private async chosen(caller: Caller, fanIds: number[]) {
    const unique = [...new Set(fanIds)]
    const found = await this.list.inScope(caller, unique)
    const items: Outcome[] = unique
      .filter((fanId) => found.has(fanId))
      .map((fanId) => ({ fanId, outcome: FanBatchOutcome.done }))
    return { found, items, notFound: unique.length - items.length }
  }

  /** Every fan the filter matches, in chunks of the list's order; `apply` answers how many it changed. */
  private async overFilter(
    caller: Caller,
    filter: FanFilter,
    apply: (ids: number[]) => Promise<number>,
  ): Promise<FanBatchResult> {
    let cursor: FanCursor | undefined
    let matched = 0
    let changed = 0
    for (;;) {
      const rows = await this.list.ids(caller, filter, cursor, BATCH_IDS_MAX)
      if (rows.length === 0) break
      matched += rows.length
      changed += await apply(rows.map((r) => r.id))
      const last = rows[rows.length - 1]
      cursor = { at: last.created_at, id: last.id }
      if (rows.length < BATCH_IDS_MAX) break
    }
    return { matched, changed, notFound: 0, items: [] }
  }
}

function result(chosen: { items: Outcome[]; notFound: number }, changed: number): FanBatchResult {
  return { matched: chosen.items.length, changed, notFound: chosen.notFound, items: chosen.items }
}
