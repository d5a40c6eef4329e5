import { MESSAGE_EDIT_WINDOW_MS } from '@app/core'
import { STATUS_JID } from '../jid.js'
import type { SimBody, SimDevice, SimMessage, SimReceipt } from './types.js'
import type { SimWorld } from './world.js'

export interface DeliverInput {
  from: string
  /** digits or a group jid */
  to: string
  body: SimBody
  id?: string
  quotedId?: string
  mentions?: string[]
  /** the linked device that sent it (the product); undefined when sent from the phone app */
  via?: SimDevice
}

const STAGE: Record<SimReceipt, number> = { sent: 0, delivered: 1, read: 2, played: 3 }
const isMulti = (m: SimMessage) => m.to.endsWith('@g.us') || m.to === STATUS_JID
const isProtocol = (b: SimBody) => b.kind === 'reaction' || b.kind === 'revoke' || b.kind === 'edit'

function membersOf(world: SimWorld, from: string, to: string): string[] {
  const g = world.groups.get(to)
  if (g) return [...g.participants.keys()].filter((n) => n !== from)
  return [to]
}

/**
 * Put a message on the network: store it, hand it to the recipients' linked devices (or their
 * offline backlog), echo it to the sender's other devices, and schedule the receipts a real
 * network would send back. A message id seen before is not sent twice.
 */
export function deliver(world: SimWorld, input: DeliverInput): SimMessage {
  const existing = input.id ? world.messages.get(input.id) : undefined
  if (existing && existing.from === input.from) return existing
  const group = world.groups.has(input.to)
  const members = membersOf(world, input.from, input.to)
  const m: SimMessage = {
    id: input.id ?? world.ids.messageId(),
    chat: group ? input.to : world.directKey(input.from, input.to),
    from: input.from,
    to: input.to,
    body: input.body,
    timestamp: world.clock.now(),
    receipts: new Map(members.map((n) => [n, 'sent' as const])),
  }
  if (input.quotedId) m.quotedId = input.quotedId
  if (input.mentions?.length) m.mentions = input.mentions
  if (input.via) m.viaDevice = true
  applySideEffects(world, m)
  world.addMessage(m, [input.from, ...members])

  for (const n of members) world.notifyPhone(n, { type: 'message', message: m, live: true })
  world.notifyPhone(input.from, { type: 'message', message: m, live: true }, input.via)
  if (isProtocol(m.body)) return m

  const t = world.timings
  world.later(world.timing.between(t.serverAckMs), () => {
    world.notifyPhone(input.from, {
      type: 'receipt',
      message: m,
      status: 'server_ack',
      at: world.clock.now(),
    })
  })
  for (const n of members) {
    if (world.hasLinkedDevices(n)) {
      if (anyOnline(world, n))
        world.later(world.timing.between(t.deliverMs), () => applyReceipt(world, m, n, 'delivered'))
      continue
    }
    scheduleCustomerReceipts(world, m, n)
  }
  return m
}

function anyOnline(world: SimWorld, number: string): boolean {
  for (const s of world.phone(number)?.devices.values() ?? []) if (s.device) return true
  return false
}

/** A customer's phone: delivered after a while, then maybe read, then a voice note played. */
function scheduleCustomerReceipts(world: SimWorld, m: SimMessage, customer: string): void {
  const t = world.timings
  const deliverAfter = world.timing.between(t.deliverMs)
  const reads = world.timing.chance(t.readProbability)
  const readAfter = world.timing.between(t.readMs)
  const playAfter = world.timing.between(t.playMs)
  const p = world.phone(customer)
  if (!p?.registered) return
  world.later(deliverAfter, () => {
    applyReceipt(world, m, customer, 'delivered')
    for (const hook of world.onCustomerReceived) hook(m, customer)
    if (!reads) return
    world.later(readAfter, () => {
      applyReceipt(world, m, customer, 'read')
      if (m.body.kind === 'media' && m.body.voiceNote)
        world.later(playAfter, () => applyReceipt(world, m, customer, 'played'))
    })
  })
}

/**
 * Move one recipient's receipt forward (never back) and tell the sender's devices: per member
 * (`by`) in groups, and once for the whole message when every member got there.
 */
export function applyReceipt(world: SimWorld, m: SimMessage, member: string, stage: SimReceipt): void {
  const prev = m.receipts.get(member)
  if (prev === undefined || STAGE[stage] <= STAGE[prev]) return
  m.receipts.set(member, stage)
  const at = world.clock.now()
  if (!isMulti(m)) {
    world.notifyPhone(m.from, { type: 'receipt', message: m, status: stage, at })
    return
  }
  world.notifyPhone(m.from, { type: 'receipt', message: m, status: stage, by: member, at })
  if ([...m.receipts.values()].every((s) => STAGE[s] >= STAGE[stage])) {
    world.notifyPhone(m.from, { type: 'receipt', message: m, status: stage, at })
  }
}

/**
 * Whether WhatsApp lets the sender change this message now: a text or a caption (not a voice
 * note or sticker), not deleted, within the edit window.
 */
export function isEditableNow(world: SimWorld, m: SimMessage): boolean {
  const b = m.body
  const editable = b.kind === 'text' || (b.kind === 'media' && b.media !== 'audio' && b.media !== 'sticker')
  return editable && !m.revoked && world.clock.now() - m.timestamp <= MESSAGE_EDIT_WINDOW_MS
}

/** The reader's devices (or the phone itself) read these messages. */
export function markRead(world: SimWorld, reader: string, ids: string[]): void {
  for (const id of ids) {
    const m = world.messages.get(id)
    if (m && m.from !== reader && m.receipts.has(reader)) {
      applyReceipt(world, m, reader, 'delivered')
      applyReceipt(world, m, reader, 'read')
    }
  }
}

function applySideEffects(world: SimWorld, m: SimMessage): void {
  const b = m.body
  if (b.kind !== 'reaction' && b.kind !== 'revoke' && b.kind !== 'edit') return
  const target = world.messages.get(b.targetId)
  if (!target) return
  if (b.kind === 'revoke') target.revoked = true
  else if (b.kind === 'edit') target.editedText = b.text
  else {
    target.reactions ??= new Map()
    if (b.emoji) target.reactions.set(m.from, b.emoji)
    else target.reactions.delete(m.from)
  }
}

/** A status (story) post: seen by each audience member after a while, like a read receipt. */
export function postStatus(
  world: SimWorld,
  from: string,
  audience: string[],
  body: SimBody,
  id: string,
): SimMessage {
  const m: SimMessage = {
    id,
    chat: `status|${from}`,
    from,
    to: STATUS_JID,
    body,
    timestamp: world.clock.now(),
    receipts: new Map(audience.map((n) => [n, 'sent' as const])),
    viaDevice: true,
  }
  world.addMessage(m, [])
  world.later(world.timing.between(world.timings.serverAckMs), () => {
    world.notifyPhone(from, { type: 'receipt', message: m, status: 'server_ack', at: world.clock.now() })
  })
  for (const n of audience) if (world.phone(n)?.registered !== false) scheduleCustomerReceipts(world, m, n)
  return m
}
