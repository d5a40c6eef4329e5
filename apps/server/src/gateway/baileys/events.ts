import type { BaileysEventMap, Contact } from 'baileys'
import { normalizeJid } from '../jid.js'
import type { GatewayEvents, PresenceKind } from '../messaging-gateway.js'
import type { BaileysConnection } from './connection.js'
import { toGroupPatch } from './groups.js'
import {
  completeIdentity,
  type IdentityPair,
  lidStoreOf,
  pairsOfContacts,
  pairsOfMappings,
  pairsOfMessage,
  pairsOfParticipants,
} from './lid.js'
import { normalizeMessage } from './normalize.js'
import { receiptFromUpdate, receiptsFromUserReceipts } from './receipts.js'
import { inboundOfUpsert, type UpsertOptions } from './upsert.js'

type Emit = <E extends keyof GatewayEvents>(event: E, payload: GatewayEvents[E]) => Promise<void>

export interface DispatchOptions {
  emit: Emit
  now: () => number
  /** also emit history-sync messages (live: false); off by default */
  emitHistory: boolean
  /** lid → pn pairs already announced, per account */
  knownLids: Map<string, string>
  /** keeps the secrets of received messages (encrypted edits are opened with them) */
  messages?: UpsertOptions['messages']
  onError?: UpsertOptions['onError']
}

/** Turn one Baileys event batch into gateway events, in the order Baileys gave them. */
export async function dispatchBaileysEvents(
  conn: BaileysConnection,
  events: Partial<BaileysEventMap>,
  o: DispatchOptions,
): Promise<void> {
  const accountId = conn.accountId
  // pairs first: a message of this batch from one of them then finds its customer at once
  const history = events['messaging-history.set']
  await announcePairs(accountId, identityPairs(events), o)
  const lids = lidStoreOf(conn.sock)
  const upsert = events['messages.upsert']
  if (upsert) {
    for (const m of await inboundOfUpsert(conn, upsert, o)) {
      const filled = await completeIdentity(m, conn.me, lids)
      await announcePairs(accountId, pairsOfMessage(m, filled ? 'lid-store' : 'message'), o)
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
  if (history) contacts.push(...history.contacts)
  if (contacts.length) await o.emit('contacts', { accountId, contacts: contacts.flatMap(toContact) })

  if (history && o.emitHistory) {
    for (const msg of history.messages) {
      const m = normalizeMessage(msg, { accountId, live: false, me: conn.me, now: o.now })
      if (!m) continue
      // history keys carry no alternate address: the store has the pairs of this very sync
      await completeIdentity(m, conn.me, lids)
      await o.emit('message', m)
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

/**
 * Every phone ↔ hidden id pair a batch reveals outside its messages: `lid-mapping.update`,
 * history sync's `lidPnMappings` and its contacts, contact events, a group's participants.
 */
function identityPairs(events: Partial<BaileysEventMap>): IdentityPair[] {
  const history = events['messaging-history.set']
  const lm = events['lid-mapping.update']
  return [
    ...pairsOfMappings(history?.lidPnMappings ?? [], 'history'),
    ...pairsOfContacts(history?.contacts ?? [], 'history'),
    ...pairsOfMappings(lm ? [lm] : [], 'mapping'),
    ...pairsOfContacts(
      [...(events['contacts.upsert'] ?? []), ...(events['contacts.update'] ?? [])],
      'contact',
    ),
    ...pairsOfParticipants(events['group-participants.update']?.participants ?? []),
  ]
}

/** Each pair once per account and process (WhatsApp repeats them): the product merges the customers of a pair. */
async function announcePairs(accountId: string, pairs: IdentityPair[], o: DispatchOptions): Promise<void> {
  for (const { pn, lid, via } of pairs) {
    if (o.knownLids.get(lid) === pn) continue
    o.knownLids.set(lid, pn)
    await o.emit('identity.mapping', { accountId, pn, lid, via })
  }
}
