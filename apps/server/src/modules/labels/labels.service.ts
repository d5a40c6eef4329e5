import {
  ErrorCode,
  type FanLabelsChange,
  type FanLabelView,
  type LabelPageBody,
  type LabelView,
  type Page,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import { isForeignKeyViolation, isUniqueViolation } from '../accounts/index.js'
import { FanLabeling, fanPlaces } from '../fans/index.js'
import { canSeeSession } from '../sessions/index.js'
import type { LabelsRepository } from './labels.repository.js'

/**
 * Tenant-wide labels (names unique ignoring case) and the labels on fans. An agent labels only
 * fans of their own sessions; a batch is checked whole before anything changes.
 */
export class LabelsService {
  private readonly fanLabels = new FanLabeling()

  constructor(
    private readonly db: Db,
    private readonly labels: LabelsRepository,
  ) {}

  /** A page of labels, newest first, with how many fans carry each. */
  page(tenantId: number, body: LabelPageBody): Promise<Page<LabelView>> {
    return this.labels.page(tenantId, {
      name: body.name || undefined,
      offset: (body.pageNo - 1) * body.pageSize,
      limit: body.pageSize,
    })
  }

  /** Every label of the tenant (pickers and filters). */
  list(tenantId: number): Promise<LabelView[]> {
    return this.labels.all(tenantId)
  }

  async create(actor: Caller, name: string): Promise<number> {
    try {
      return await this.labels.insert(actor.tenantId, name, actor.userId, Date.now())
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.labelNameTaken)
      throw err
    }
  }

  /** Rename; another label of the tenant with the same name (ignoring case) is refused. */
  async rename(tenantId: number, id: number, name: string): Promise<void> {
    if (!(await this.labels.exists(tenantId, id))) throw notFound()
    try {
      await this.labels.rename(tenantId, id, name, Date.now())
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.labelNameTaken)
      throw err
    }
  }

  /** Delete a label; it leaves every fan that carried it. */
  async deleteLabel(tenantId: number, id: number): Promise<{ unlinkedFans: number }> {
    if (!(await this.labels.exists(tenantId, id))) throw notFound()
    return { unlinkedFans: await this.labels.remove(tenantId, id) }
  }

  /** The labels on one fan. */
  async ofFan(actor: Caller, fanId: number): Promise<FanLabelView[]> {
    await this.requireFans(actor, [fanId])
    return this.fanLabels.labelsOf(this.db, actor.tenantId, fanId)
  }

  /** Every label on every fan. */
  async addToFans(actor: Caller, fanIds: number[], labelIds: number[]): Promise<FanLabelsChange> {
    const fans = unique(fanIds)
    const labels = unique(labelIds)
    await this.requireFans(actor, fans)
    await this.requireLabels(actor.tenantId, labels)
    const changed = await goneIsNotFound(() =>
      this.fanLabels.add(this.db, actor.tenantId, fans, labels, Date.now()),
    )
    return { changed }
  }

  /** Take the labels off the fans. */
  async removeFromFans(actor: Caller, fanIds: number[], labelIds: number[]): Promise<FanLabelsChange> {
    const fans = unique(fanIds)
    const labels = unique(labelIds)
    await this.requireFans(actor, fans)
    await this.requireLabels(actor.tenantId, labels)
    return { changed: await this.fanLabels.remove(this.db, actor.tenantId, fans, labels) }
  }

  /** Exactly these labels on one fan. */
  async setOnFan(actor: Caller, fanId: number, labelIds: number[]): Promise<FanLabelsChange> {
    const labels = unique(labelIds)
    await this.requireFans(actor, [fanId])
    await this.requireLabels(actor.tenantId, labels)
    return goneIsNotFound(() =>
      this.db.transaction().execute(async (tx) => {
        const current = (await this.fanLabels.labelsOf(tx, actor.tenantId, fanId)).map((l) => l.id)
        const drop = current.filter((id) => !labels.includes(id))
        const removed = drop.length ? await this.fanLabels.remove(tx, actor.tenantId, [fanId], drop) : 0
        const made = labels.length
          ? await this.fanLabels.add(tx, actor.tenantId, [fanId], labels, Date.now())
          : 0
        return { changed: removed + made }
      }),
    )
  }

  /** Every fan must be the tenant's (else not found) and, for an agent, of their sessions. */
  private async requireFans(actor: Caller, fanIds: number[]): Promise<void> {
    const places = await fanPlaces(this.db, actor.tenantId, fanIds)
    if (fanIds.some((id) => !places.has(id))) throw notFound()
    // the fans of the sessions the caller sees (the one session visibility rule)
    if ([...places.values()].some((place) => !canSeeSession(actor, place)))
      throw new AppError(ErrorCode.fanNotAccessible)
  }

  private async requireLabels(tenantId: number, labelIds: number[]): Promise<void> {
    const found = await this.labels.existing(tenantId, labelIds)
    if (labelIds.some((id) => !found.has(id))) throw notFound()
  }
}

/** A label or fan deleted between the checks and the write. */
async function goneIsNotFound<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound()
    throw err
  }
}

const unique = (ids: number[]): number[] => [...new Set(ids)]
