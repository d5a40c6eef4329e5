import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import { normalizeJid } from '../../gateway/jid.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { sessionRooms } from '../../realtime/rooms.js'
import type { GroupDirectory } from '../sessions/index.js'

/** Gateway events: a group by jid. */
const system = openSystemScope('modules/groups/groups.events')

/**
 * Tells the desk that a group chat changed (`group.updated`): after the desk's own changes, and
 * after WhatsApp's group updates were stored by the inbound pipeline. Rooms: the tenant
 * (supervisors), the group's session, and the agent it belongs to.
 */
export class GroupEvents {
  constructor(
    readonly _db: Db,
    private readonly chats: GroupDirectory,
    private readonly hub: RealtimeHub,
  ) {}

  async notify(tenantId: number, groupChatId: number, jid: string): Promise<void> {
    const session = await this.chats.sessionOf(tenantId, groupChatId)
    if (!session) return
    const rooms = sessionRooms(tenantId, session.id, session.agent)
    this.hub.emit(rooms, 'group.updated', { sessionId: session.id, groupChatId, jid })
  }

  /**
   * Follow WhatsApp's group events. Registered after the inbound pipeline, whose handlers the
   * gateway awaits first, so the store is up to date when the desk hears of it. Returns the unsubscribe.
   */
  attach(gateway: MessagingGateway): () => void {
    const offs = [
      gateway.on('group.updated', (e) => this.onGroupEvent(Number(e.accountId), e.group.id)),
      gateway.on('group.participants', (e) => this.onGroupEvent(Number(e.accountId), e.groupId)),
    ]
    return () => {
      for (const off of offs) off()
    }
  }

  private async onGroupEvent(accountId: number, groupJid: string): Promise<void> {
    const row = await this.chats.systemFindByJid(system, accountId, normalizeJid(groupJid))
    if (row) await this.notify(row.tenant_id, row.id, row.jid)
  }
}
