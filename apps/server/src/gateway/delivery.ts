import type { DeliveryStatus } from './messaging-gateway.js'

/** Forward order of delivery statuses; 'error' stands outside it. */
const DELIVERY_ORDER: readonly DeliveryStatus[] = ['pending', 'server_ack', 'delivered', 'read', 'played']

/**
 * Whether `next` moves a message forward from `prev`. Receipts arrive out of order (a read can
 * overtake its delivery), so the product applies a status only when this is true. An error (an ack
 * with an error code such as 463) replaces 'pending' or 'server_ack', never a delivery or read.
 */
export function isStatusAdvance(prev: DeliveryStatus | undefined, next: DeliveryStatus): boolean {
  if (prev === undefined) return true
  if (next === 'error') return prev === 'pending' || prev === 'server_ack'
  if (prev === 'error') return false
  return DELIVERY_ORDER.indexOf(next) > DELIVERY_ORDER.indexOf(prev)
}
