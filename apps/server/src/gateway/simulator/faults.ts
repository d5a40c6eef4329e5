import { GatewayError } from '../errors.js'
import type { DisconnectKind } from '../messaging-gateway.js'
import type { Linker } from './linking.js'
import type { SimBody } from './types.js'
import type { SimPhone, SimWorld } from './world.js'

/** Close the connected devices of a phone (all, or one account's) with a disconnect reason. */
export function closeDevices(
  phone: SimPhone,
  reason: DisconnectKind,
  code: number,
  accountId?: string,
  detail?: string,
): number {
  let n = 0
  for (const slot of phone.devices.values()) {
    if (accountId !== undefined && slot.accountId !== accountId) continue
    const device = slot.device
    if (!device) continue
    slot.device = undefined
    device.onEvent({ type: 'closed', reason, code, detail })
    n++
  }
  return n
}

/** WhatsApp bans the number: every linked device is closed with 403 and cannot reconnect. */
export function ban(world: SimWorld, phone: SimPhone): void {
  phone.bannedAt ??= world.clock.now()
  closeDevices(phone, 'banned', 403, undefined, 'banned by WhatsApp')
}

/**
 * WhatsApp refuses the client version of the phone's linked devices ("Connection Failure", 405):
 * they are closed, and every connect is refused, also after the product fetched the newest
 * version, until `publishUpdate`.
 */
export function requireUpdate(world: SimWorld, phone: SimPhone, accountId?: string): void {
  phone.updateRequired = true
  closeDevices(phone, 'client_outdated', 405, accountId, 'Connection Failure')
  world.changed()
}

/** A client version WhatsApp accepts is out: the devices waiting for it connect again. */
export function publishUpdate(world: SimWorld, linker: Linker, phone: SimPhone): void {
  phone.updateRequired = undefined
  world.changed()
  linker.updatePublished(phone.number)
}

/** Reach-out time-lock: existing chats work, new chats are refused until it lifts. */
export function restrict(world: SimWorld, phone: SimPhone, durationMs: number): void {
  const until = world.clock.now() + durationMs
  phone.restrictedUntil = until
  phone.liftRestriction?.()
  phone.liftRestriction = world.later(durationMs, () => liftRestriction(world, phone))
  world.notifyPhone(phone.number, { type: 'restriction', until })
}

export function liftRestriction(world: SimWorld, phone: SimPhone): void {
  phone.liftRestriction?.()
  phone.liftRestriction = undefined
  if (phone.restrictedUntil === undefined) return
  phone.restrictedUntil = undefined
  world.notifyPhone(phone.number, { type: 'restriction', until: null })
}

function isRestricted(world: SimWorld, phone: SimPhone): boolean {
  return phone.restrictedUntil !== undefined && phone.restrictedUntil > world.clock.now()
}

const prune = (times: number[], since: number) => {
  while (times.length && times[0] <= since) times.shift()
}

/**
 * WhatsApp's side of a send from a linked device, checked in the order a real send meets them:
 * a banned number, the rate that gets numbers banned, an unregistered recipient, group rights,
 * and the new-chat time-lock. Throws the GatewayError the product maps to a failure reason.
 */
export function admitDeviceSend(world: SimWorld, phone: SimPhone, to: string, body: SimBody): void {
  const now = world.clock.now()
  if (phone.bannedAt !== undefined) throw new GatewayError('banned', 'this number is banned')
  phone.sendTimes.push(now)
  prune(phone.sendTimes, now - 60_000)
  if (phone.sendTimes.length > world.rules.sendLimitPerMinute) {
    ban(world, phone)
    throw new GatewayError('banned', 'banned for sending too fast')
  }
  const group = world.groups.get(to)
  if (to.endsWith('@g.us')) {
    if (!group) throw new GatewayError('not_found', 'no such group')
    const role = group.participants.get(phone.number)
    if (!role) throw new GatewayError('forbidden', 'not a member of this group')
    if (group.announce && role === 'member' && body.kind !== 'reaction')
      throw new GatewayError('forbidden', 'only admins can send to this group')
    return
  }
  if (!world.isRegistered(to)) throw new GatewayError('not_on_whatsapp', `+${to} is not on WhatsApp`)
  if (body.kind === 'reaction' || world.hasHistory(world.directKey(phone.number, to))) return
  if (isRestricted(world, phone))
    throw new GatewayError('restricted', 'new chats are restricted for this number')
  phone.newChatTimes.push(now)
  prune(phone.newChatTimes, now - 3_600_000)
  if (phone.newChatTimes.length > world.rules.newChatsPerHour) {
    // the lock is the penalty: the count starts again when it lifts
    phone.newChatTimes.length = 0
    restrict(world, phone, world.rules.timeLockMs)
    throw new GatewayError('restricted', 'too many new chats: new chats are restricted for a while')
  }
}
