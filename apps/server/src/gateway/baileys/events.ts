import type { BaileysEventMap, Contact } from 'baileys'
import { normalizeJid } from '../jid.js'
import type { GatewayEvents, InboundMessage, PresenceKind } from '../port.js'
import type { BaileysConnection } from './connection.js'
import { toGroupPatch } from './groups.js'
import { normalizeMessage } from './normalize.js'
import { receiptFromUpdate, receiptsFromUserReceipts } from './receipts.js'

export type Emit = <E extends keyof GatewayEvents>(event: E, payload: GatewayEvents[E]) => Promise<void>

export interface DispatchOptions {
  emit: Emit
  now: () => number
  /** also emit history-sync messages (live: false); off by default */
  emitHistory: boolean
  /** lid → pn pairs already announced, per account */
  knownLids: Map<string, string>
}

/** Turn one Baileys event batch into gateway events, in the order Baileys gave them. */
export async function dispatchBaileysEvents(
  conn: BaileysConnection,
  events: Partial<BaileysEventMap>,
  o: DispatchOptions,
): Promise<void> {
  const accountId = conn.accountId
  const upsert = events['messages.upsert']
  if (upsert) {
    const live = upsert.type === 'notify'
    for (const msg of upsert.messages) {
      // our own sends come back as 'append': the outbox already has them
      if (!live && msg.key.fromMe && msg.key.id && conn.caches.isOwnSend(msg.key.id)) continue
      const m = normalizeMessage(msg, { accountId, live, me: conn.me, now: o.now })
      if (!m) continue
      await announceIdentity(m, o)
      await o.emit('message', m)
    }
  }
  for (const u of events['messages.update'] ?? []) {
    const r = receiptFromUpdate(accountId, u, o.now())
    if (!r) continue
    if (r.restricted) await conn.markRestricted()
    if (conn.caches.advanceStatus(r.update.ref.id, undefined, r.update.status))
      await o.emit('message.status', r.update)
  }
  const receipts = events['message-receipt.update']
  for (const r of receipts ? receiptsFromUserReceipts(accountId, receipts) : []) {
    if (conn.caches.advanceStatus(r.ref.id, r.by, r.status)) await o.emit('message.status', r)
  }

  for (const g of events['groups.upsert'] ?? []) {
    conn.caches.setGroup(g)
    await o.emit('group.updated', { accountId, group: toGroupPatch(g) })
  }
  for (const g of events['groups.update'] ?? []) {
    if (!g.id) continue
    conn.caches.dropGroup(g.id)
    await o.emit('group.updated', { accountId, group: toGroupPatch({ ...g, id: g.id }) })
  }
  const gp = events['group-participants.update']
  if (gp) {
    conn.caches.dropGroup(gp.id)
    await o.emit('group.participants', {
      accountId,
      groupId: normalizeJid(gp.id),
      action: gp.action,
      participants: gp.participants.map((p) => normalizeJid(p.phoneNumber ?? p.id)),
      ...(gp.author ? { author: normalizeJid(gp.authorPn ?? gp.author) } : {}),
    })
  }

  const contacts = [...(events['contacts.upsert'] ?? []), ...(events['contacts.update'] ?? [])]
  const history = events['messaging-history.set']
  if (history) contacts.push(...history.contacts)
  if (contacts.length) await o.emit('contacts', { accountId, contacts: contacts.flatMap(toContact) })

  const mappings = [...(history?.lidPnMappings ?? [])]
  const lm = events['lid-mapping.update']
  if (lm) mappings.push(lm)
  for (const { lid, pn } of mappings) await announce(normalizeJid(pn), normalizeJid(lid), accountId, o)

  if (history && o.emitHistory) {
    for (const msg of history.messages) {
      const m = normalizeMessage(msg, { accountId, live: false, me: conn.me, now: o.now })
      if (m) await o.emit('message', m)
    }
  }

  const presence = events['presence.update']
  if (presence) {
    for (const [participant, data] of Object.entries(presence.presences)) {
      await o.emit('presence', {
        accountId,
        chatId: normalizeJid(presence.id),
        participant: normalizeJid(participant),
        presence: data.lastKnownPresence as PresenceKind,
        ...(data.lastSeen ? { lastSeen: data.lastSeen * 1000 } : {}),
      })
    }
  }
}

function toContact(c: Partial<Contact>): GatewayEvents['contacts']['contacts'] {
  if (!c.id) return []
  const out: GatewayEvents['contacts']['contacts'][number] = { id: normalizeJid(c.id) }
  if (c.phoneNumber) out.pn = normalizeJid(c.phoneNumber)
  if (c.lid) out.lid = normalizeJid(c.lid)
  if (c.name) out.name = c.name
  if (c.notify) out.pushName = c.notify
  return [out]
}

async function announceIdentity(m: InboundMessage, o: DispatchOptions): Promise<void> {
  if (m.sender.pn && m.sender.lid) await announce(m.sender.pn, m.sender.lid, m.accountId, o)
  if (m.chatAlt) {
    const [pn, lid] = m.chatAlt.endsWith('@lid') ? [m.ref.chatId, m.chatAlt] : [m.chatAlt, m.ref.chatId]
    if (pn.endsWith('@s.whatsapp.net') && lid.endsWith('@lid')) await announce(pn, lid, m.accountId, o)
  }
}

async function announce(pn: string, lid: string, accountId: string, o: DispatchOptions): Promise<void> {
  if (o.knownLids.get(lid) === pn) return
  o.knownLids.set(lid, pn)
  await o.emit('identity.mapping', { accountId, pn, lid })
}
