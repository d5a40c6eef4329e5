import type { GatewayEvents, GatewayHandler } from './messaging-gateway.js'

type HandlerSets = { [E in keyof GatewayEvents]?: Set<GatewayHandler<E>> }

/** Where a throwing handler is reported; a handler's failure never breaks the socket loop. */
export type HandlerErrorSink = (error: unknown, event: keyof GatewayEvents) => void

const defaultSink: HandlerErrorSink = (error, event) => {
  process.emitWarning(
    `gateway '${String(event)}' handler failed: ${error instanceof Error ? error.stack : String(error)}`,
  )
}

/**
 * The typed event base both gateways extend. `emit` awaits the handlers one after another, so a
 * gateway that awaits `emit` before taking the next WhatsApp event gets back-pressure and order.
 */
export class GatewayEmitter {
  private readonly handlers: HandlerSets = {}

  constructor(private readonly onHandlerError: HandlerErrorSink = defaultSink) {}

  on<E extends keyof GatewayEvents>(event: E, handler: GatewayHandler<E>): () => void {
    const set = this.setOf(event)
    set.add(handler)
    return () => {
      set.delete(handler)
    }
  }

  listenerCount(event: keyof GatewayEvents): number {
    return this.handlers[event]?.size ?? 0
  }

  protected async emit<E extends keyof GatewayEvents>(event: E, payload: GatewayEvents[E]): Promise<void> {
    const set = this.handlers[event] as Set<GatewayHandler<E>> | undefined
    if (!set || set.size === 0) return
    for (const handler of [...set]) {
      try {
        await handler(payload)
      } catch (error) {
        this.onHandlerError(error, event)
      }
    }
  }

  private setOf<E extends keyof GatewayEvents>(event: E): Set<GatewayHandler<E>> {
    let set = this.handlers[event] as Set<GatewayHandler<E>> | undefined
    if (!set) {
      set = new Set()
      ;(this.handlers as Record<E, Set<GatewayHandler<E>>>)[event] = set
    }
    return set
  }
}
