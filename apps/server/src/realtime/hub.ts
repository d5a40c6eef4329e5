import type { ServerToClientEvents } from '@app/core'

export type EventName = keyof ServerToClientEvents
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0]

/**
 * Where services publish realtime events. Services call it only after their transaction has
 * committed, so a client never hears of a row it cannot read.
 */
export interface RealtimeHub {
  emit<E extends EventName>(rooms: string[], event: E, payload: EventPayload<E>): void
}

/** Before the socket server is attached (and in scripts): events go nowhere. */
export const nullHub: RealtimeHub = { emit: () => undefined }

/**
 * Forwards to a hub chosen later (the sockets), and to observers (tests and the benchmark watch
 * emits). It only delivers to the browsers: a domain fact is published on the event bus by the
 * module where it happens, and modules react to that, never to what the browsers were told.
 */
export class HubRelay implements RealtimeHub {
  private target: RealtimeHub = nullHub
  private readonly observers = new Set<(rooms: string[], event: EventName, payload: unknown) => void>()

  attach(target: RealtimeHub): void {
    this.target = target
  }

  observe(fn: (rooms: string[], event: EventName, payload: unknown) => void): () => void {
    this.observers.add(fn)
    return () => this.observers.delete(fn)
  }

  emit<E extends EventName>(rooms: string[], event: E, payload: EventPayload<E>): void {
    this.target.emit(rooms, event, payload)
    for (const fn of this.observers) fn(rooms, event, payload)
  }
}
