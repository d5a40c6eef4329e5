import type { SessionStatusCause, SessionStatusEvent } from '@app/core'
import type { Session } from '../../db/schema.js'
import type { EventBus } from '../../events/bus.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { sessionRooms } from '../../realtime/rooms.js'
import { presentSessionStatus } from './session.presenter.js'

/**
 * A session's new status, announced by the code that established it (a user's change, a customer's
 * message that opened it again, a snooze that ended): once to the modules (`session.status` on
 * the event bus) and once to the desks (the rooms of the session), with the same payload. Called
 * only after the change committed, so neither hears of a state it cannot read.
 */
export class SessionStatusUpdates {
  constructor(
    private readonly hub: RealtimeHub,
    private readonly events: Pick<EventBus, 'publish'>,
  ) {}

  /** `accountAgent`: the agent of the session's account, who hears of it unless the session was migrated. */
  announce(s: Session, accountAgent: number | null, cause: SessionStatusCause): void {
    const event: SessionStatusEvent = { ...presentSessionStatus(s), cause }
    this.hub.emit(sessionRooms(s.tenant_id, s.id, s.agent_user_id ?? accountAgent), 'session.status', event)
    // subscribers queue their own work: the path that changed the status never waits for them
    void this.events.publish('session.status', { tenantId: s.tenant_id, ...event })
  }
}
