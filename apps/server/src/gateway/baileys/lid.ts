import type { Contact, LIDMapping, WASocket } from 'baileys'
import { isLidJid, isPnJid, normalizeJid } from '../jid.js'
import type { IdentityVia, InboundMessage, Jid, Me } from '../messaging-gateway.js'

/**
 * The link's own lid ↔ phone store. Baileys keeps every pair it learns (a message's alternate
 * address, USync, history sync, contact sync) in the auth keys (type 'lid-mapping') and answers
 * from them, without asking WhatsApp: a message that arrives with only a hidden id can often be
 * given its phone from there.
 */
export interface LidStore {
  pnForLid(lid: Jid): Promise<Jid | undefined>
}

/** The lid store of a live socket (`signalRepository.lidMapping`), if it has one. */
export function lidStoreOf(sock: Pick<WASocket, 'signalRepository'> | undefined): LidStore | undefined {
  const mapping = sock?.signalRepository?.lidMapping
  if (!mapping) return undefined
  return {
    pnForLid: async (lid) => {
      try {
        const pn = await mapping.getPNForLID(lid)
        return pn ? normalizeJid(pn) : undefined
      } catch {
        return undefined // an unreadable key: the message goes on with the hidden id
      }
    },
  }
}

const isMine = (jid: Jid | undefined, me: Me | undefined) =>
  !!jid && !!me && (jid === me.pn || jid === me.lid)

/**
 * A message's addresses completed where WhatsApp left the phone out: a direct chat addressed by a
 * hidden id with no alternate, or a group sender by a hidden id with no `participantAlt`, gets
 * the phone the lid store knows. An alternate that is the account's own address is dropped (a
 * message written on the owner's phone names its sender's, not the customer's). Answers whether
 * the store filled anything.
 */
export async function completeIdentity(
  m: InboundMessage,
  me: Me | undefined,
  store?: LidStore,
): Promise<boolean> {
  if (m.chatType === 'direct') {
    if (isMine(m.chatAlt, me)) delete m.chatAlt
    if (!m.ref.fromMe && isMine(m.sender.pn, me)) delete m.sender.pn
    if (m.chatAlt || !isLidJid(m.ref.chatId) || !store) return false
    const pn = await store.pnForLid(m.ref.chatId)
    if (!pn || !isPnJid(pn) || isMine(pn, me)) return false
    m.chatAlt = pn
    if (!m.ref.fromMe) m.sender.pn = pn
    return true
  }
  if (m.ref.fromMe || m.sender.pn || !isLidJid(m.sender.id) || !store) return false
  const pn = await store.pnForLid(m.sender.id)
  if (!pn || !isPnJid(pn) || isMine(pn, me)) return false
  m.sender.pn = pn
  return true
}

/** A phone and a hidden id of one person, as the gateway announces it. */
export interface IdentityPair {
  pn: Jid
  lid: Jid
  via: IdentityVia
}

/** The pair a message reveals: its sender's both addresses, or a direct chat's address and its alternate. */
export function pairsOfMessage(m: InboundMessage, via: IdentityVia): IdentityPair[] {
  const out: IdentityPair[] = []
  if (!m.ref.fromMe && m.sender.pn && m.sender.lid) out.push({ pn: m.sender.pn, lid: m.sender.lid, via })
  if (m.chatType === 'direct' && m.chatAlt) {
    const [pn, lid] = isLidJid(m.chatAlt) ? [m.ref.chatId, m.chatAlt] : [m.chatAlt, m.ref.chatId]
    if (isPnJid(pn) && isLidJid(lid)) out.push({ pn, lid, via })
  }
  return out
}

/**
 * The pairs of contact events: Baileys gives a contact's preferred address as `id` and the other
 * form beside it (`phoneNumber` when the id is a hidden one, `lid` when it is a phone).
 */
export function pairsOfContacts(contacts: Partial<Contact>[], via: IdentityVia): IdentityPair[] {
  return contacts.flatMap((c) => {
    if (!c.id) return []
    const id = normalizeJid(c.id)
    const pn = isPnJid(id) ? id : c.phoneNumber ? normalizeJid(c.phoneNumber) : undefined
    const lid = isLidJid(id) ? id : c.lid ? normalizeJid(c.lid) : undefined
    return pn && lid && isPnJid(pn) && isLidJid(lid) ? [{ pn, lid, via }] : []
  })
}

/** The pairs of `lid-mapping.update` and of history sync's `lidPnMappings` (either order is accepted, as Baileys' store does). */
export function pairsOfMappings(mappings: LIDMapping[], via: IdentityVia): IdentityPair[] {
  return mappings.flatMap(({ lid, pn }) => {
    const [a, b] = [normalizeJid(lid), normalizeJid(pn)]
    if (isLidJid(a) && isPnJid(b)) return [{ pn: b, lid: a, via }]
    if (isPnJid(a) && isLidJid(b)) return [{ pn: a, lid: b, via }]
    return []
  })
}

/** The pairs of a group's participants (v7 gives each as `id` with `phoneNumber` or `lid` beside it). */
export function pairsOfParticipants(
  participants: { id?: string | null; phoneNumber?: string | null; lid?: string | null }[],
): IdentityPair[] {
  return pairsOfContacts(
    participants.map((p) => ({
      id: p.id ?? undefined,
      phoneNumber: p.phoneNumber ?? undefined,
      lid: p.lid ?? undefined,
    })),
    'contact',
  )
}
