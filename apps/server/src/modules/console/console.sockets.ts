import { roomOf } from '@app/core'
import type { Server } from 'socket.io'
import type { Db } from '../../db/index.js'
import { callerOfActor } from '../../http/caller.js'
import type { Actor } from '../../http/types.js'
import { canFollowSession } from '../sessions/index.js'

const SESSION_ROOM = /^session:(\d+)$/

/** The actor a socket signed in as (realtime/socket.ts keeps it in the socket's data). */
function actorOf(data: unknown): Actor | null {
  const actor = (data as { actor?: Actor } | null)?.actor
  return actor && typeof actor.userId === 'number' ? actor : null
}

/**
 * What the console needs of the connected sockets: which agents have one open (their desk is
 * live), and, when work leaves an agent, that their sockets stop hearing it. Through the Socket.IO
 * server's adapter, so it holds across processes where the rooms are shared.
 */
export class ConsoleSockets {
  constructor(
    private readonly db: Db,
    private readonly io: Pick<Server, 'in'>,
  ) {}

  /** The users among `userIds` with a connected socket. */
  async connected(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set()
    const sockets = await this.io.in(userIds.map((id) => roomOf.user(id))).fetchSockets()
    const online = new Set<number>()
    for (const s of sockets) {
      const actor = actorOf(s.data)
      if (actor) online.add(actor.userId)
    }
    return online
  }

  /**
   * A socket joins a session's room only after the visibility check (realtime rule): when sessions
   * leave an agent, their sockets leave the rooms of the sessions they may no longer follow, so
   * an open chat stops hearing a session that is no longer theirs.
   */
  async leaveLost(userIds: number[]): Promise<void> {
    if (userIds.length === 0) return
    const sockets = await this.io.in(userIds.map((id) => roomOf.user(id))).fetchSockets()
    for (const s of sockets) {
      const actor = actorOf(s.data)
      if (!actor) continue
      const caller = callerOfActor(actor)
      for (const room of s.rooms) {
        const m = SESSION_ROOM.exec(room)
        if (m && !(await canFollowSession(this.db, caller, Number(m[1])))) s.leave(room)
      }
    }
  }
}
