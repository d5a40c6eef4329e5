import { phoneToJid } from '../jid.js'
import type { Jid } from '../messaging-gateway.js'
import type { SimWorld } from './world.js'

/**
 * How WhatsApp addresses a customer to the product's accounts (the real network moves people to
 * hidden ids, `…@lid`, and shares the phone or not): 'phone' by phone with the hidden id alongside
 * (the default), 'lid' by hidden id with the phone alongside, 'lid-hidden' by hidden id alone.
 */
export type SimAddressing = 'phone' | 'lid' | 'lid-hidden'
const SIM_ADDRESSINGS: readonly SimAddressing[] = ['phone', 'lid', 'lid-hidden']

/** A number's address as the accounts see it: `id` what WhatsApp names, `pn`/`lid` the forms it gives. */
export function addressOf(world: SimWorld, number: string): { id: Jid; pn?: Jid; lid: Jid } {
  const pn = phoneToJid(number)
  const lid = world.lidOf(number)
  switch (world.phone(number)?.addressing ?? 'phone') {
    case 'phone':
      return { id: pn, pn, lid }
    case 'lid':
      return { id: lid, pn, lid }
    case 'lid-hidden':
      return { id: lid, lid }
  }
}

/**
 * WhatsApp tells the accounts that chat with a number which phone is behind its hidden id (as
 * Baileys' `lid-mapping.update` does), and from then on gives the phone alongside.
 */
export function revealPhone(world: SimWorld, number: string): void {
  const p = world.phone(number)
  if (!p) return
  if (p.addressing === 'lid-hidden') p.addressing = 'lid'
  const pn = phoneToJid(number)
  const lid = world.lidOf(number)
  for (const account of world.phones.values()) {
    if (account.number === number || account.devices.size === 0) continue
    if (!account.chats.has(world.directKey(account.number, number))) continue
    world.notifyPhone(account.number, { type: 'identity', pn, lid })
  }
}
