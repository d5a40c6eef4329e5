import type { FanLabelView } from '@app/core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/index.js'
import { FanLabelsRepository } from './fan-labels.repository.js'

type Q = Kysely<Database>

/**
 * Labels put on and taken off fans: the labels module's writes and the auto-reply rules' audience.
 * The links belong to the fans; the labels themselves to the labels module, which checks both sides
 * before calling. Every method takes the caller's transaction (or the database) and the tenant.
 */
export class FanLabeling {
  private readonly links = new FanLabelsRepository()

  /** The labels on one fan, newest first. */
  labelsOf(q: Q, tenantId: number, fanId: number): Promise<FanLabelView[]> {
    return this.links.ofFan(q, tenantId, fanId)
  }

  /** Put every label on every fan; labels already there stay. Answers the links made. */
  add(q: Q, tenantId: number, fanIds: number[], labelIds: number[], now: number): Promise<number> {
    return this.links.link(q, tenantId, fanIds, labelIds, now)
  }

  /** Take the labels off the fans. Answers the links removed. */
  remove(q: Q, tenantId: number, fanIds: number[], labelIds: number[]): Promise<number> {
    return this.links.unlink(q, tenantId, fanIds, labelIds)
  }

  /** A label being deleted leaves every fan. Answers how many fans carried it. */
  removeLabel(q: Q, tenantId: number, labelId: number): Promise<number> {
    return this.links.unlinkLabel(q, tenantId, labelId)
  }
}
