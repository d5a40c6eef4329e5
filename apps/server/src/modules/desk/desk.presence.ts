import { randomBytes } from 'node:crypto'
import type { DeskEnterResult } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { userRooms } from '../../realtime/rooms.js'
import type { UsersService } from '../users/index.js'

/**
 * One live desk per agent (spec §4/§8 code 433). Entering the desk gives a new desk id and makes
 * it the agent's live one; the desk it replaced answers 433 on its next call and hears `desk.taken`
 * on its socket. The row is in the database, so every server process agrees.
 */
export class DeskPresence {
  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly users: UsersService,
  ) {}

  /** Whether `deskId` is the live desk of the user; an older desk was replaced (433). */
  async isLive(tenantId: number, userId: number, deskId: string): Promise<boolean> {
    const live = await this.db
      .selectFrom('desk_presence')
      .select('desk_id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return live?.desk_id === deskId
  }

  /** Enter the desk of `viewer.actingUserId` (the agent acted as, or the caller). */
  async enter(viewer: Caller): Promise<DeskEnterResult> {
    const deskId = randomBytes(12).toString('base64url')
    const now = Date.now()
    const previous = await this.db.transaction().execute(async (tx) => {
      const old = await tx
        .selectFrom('desk_presence')
        .select(['desk_id', 'holder_user_id'])
        .where('tenant_id', '=', viewer.tenantId)
        .where('user_id', '=', viewer.actingUserId)
        .executeTakeFirst()
      await tx
        .insertInto('desk_presence')
        .values({
          tenant_id: viewer.tenantId,
          user_id: viewer.actingUserId,
          holder_user_id: viewer.userId,
          desk_id: deskId,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ desk_id: deskId, holder_user_id: viewer.userId, updated_at: now }),
        )
        .execute()
      return old
    })
    if (previous) {
      this.hub.emit(userRooms(previous.holder_user_id, viewer.actingUserId), 'desk.taken', {
        deskId: previous.desk_id,
      })
    }
    return {
      deskId,
      userId: viewer.actingUserId,
      nickname: await this.users.displayName(viewer.tenantId, viewer.actingUserId),
      acting: viewer.actingUserId !== viewer.userId,
      replacedDeskId: previous?.desk_id ?? null,
    }
  }
}
