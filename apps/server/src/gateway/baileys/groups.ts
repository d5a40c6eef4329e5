import type { GroupParticipant as BaileysParticipant, GroupMetadata } from 'baileys'
import { normalizeJid } from '../jid.js'
import type { GroupInfo, GroupParticipant } from '../messaging-gateway.js'
import { identity } from './normalize.js'

function toParticipant(p: BaileysParticipant): GroupParticipant {
  const who = identity(p.id, p.phoneNumber ?? p.lid)
  const out: GroupParticipant = {
    id: who.id,
    role: p.admin === 'superadmin' ? 'superadmin' : p.admin === 'admin' ? 'admin' : 'member',
  }
  if (who.pn) out.pn = who.pn
  if (who.lid) out.lid = who.lid
  return out
}

export function toGroupInfo(g: GroupMetadata): GroupInfo {
  const info: GroupInfo = {
    id: normalizeJid(g.id),
    subject: g.subject ?? '',
    announce: Boolean(g.announce),
    restrict: Boolean(g.restrict),
    participants: (g.participants ?? []).map(toParticipant),
  }
  if (g.desc) info.description = g.desc
  const owner = g.ownerPn ?? g.owner
  if (owner) info.owner = normalizeJid(owner)
  if (g.creation) info.createdAt = g.creation * 1000
  return info
}

/** A `groups.update` patch: only the fields it carries. */
export function toGroupPatch(
  g: Partial<GroupMetadata> & { id: string },
): Partial<GroupInfo> & { id: string } {
  const patch: Partial<GroupInfo> & { id: string } = { id: normalizeJid(g.id) }
  if (g.subject !== undefined) patch.subject = g.subject
  if (g.desc !== undefined) patch.description = g.desc
  if (g.announce !== undefined) patch.announce = Boolean(g.announce)
  if (g.restrict !== undefined) patch.restrict = Boolean(g.restrict)
  if (g.participants) patch.participants = g.participants.map(toParticipant)
  return patch
}
