import type { MessageUpdatedEvent, RiskRefusal } from '@app/core'
import type { Message } from '../../db/schema.js'
import type { EventBus } from '../../events/bus.js'
import type { RealtimeHub } from '../../realtime/hub.js'
import { messageRooms } from '../../realtime/rooms.js'
import { presentMessageUpdate } from './messages.presenter.js'

/**
 * A stored message's new status, edit or withdrawal, announced by the code that established it:
 * once to the modules (`message.updated` on the event bus) and once to the desks (the rooms of its
 * session), with the same payload. Called only after the change committed, so neither hears of a
 * row it cannot read.
 */
export class MessageUpdates {
  constructor(
    private readonly hub: RealtimeHub,
    private readonly events: Pick<EventBus, 'publish'>,
  ) {}

  /**
   * `withBody`: an edit (its new text and the texts it replaced); `risk`: why a risk rule refused
   * it; `withMeta`: its details changed (a failed send's catalogue code).
   */
  announce(m: Message, also: { withBody?: boolean; risk?: RiskRefusal; withMeta?: boolean } = {}): void {
    const update: MessageUpdatedEvent = {
      ...presentMessageUpdate(m, also.withBody),
      ...(also.risk ? { risk: also.risk } : {}),
      ...(also.withMeta && !also.withBody
        ? { meta: JSON.parse(m.meta || '{}') as Record<string, unknown> }
        : {}),
    }
    this.hub.emit(messageRooms(m), 'message.updated', update)
    // subscribers queue their own work: the path that changed the message never waits for them
    void this.events.publish('message.updated', { ...update, tenantId: m.tenant_id, fromMe: m.from_me === 1 })
  }
}
