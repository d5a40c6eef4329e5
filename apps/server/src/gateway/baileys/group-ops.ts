import type { WASocket } from 'baileys'
import { GatewayError } from '../errors.js'
import { parseInviteCode } from '../jid.js'
import type { GroupInfo, GroupSetting, Jid, ParticipantAction } from '../messaging-gateway.js'
import type { ConnectionCaches } from './caches.js'
import { toGroupInfo } from './groups.js'

/** Group operations over one open socket; metadata is cached for Baileys' `cachedGroupMetadata`. */
export const groupOps = {
  async info(sock: WASocket, caches: ConnectionCaches, groupId: Jid): Promise<GroupInfo> {
    const meta = await sock.groupMetadata(groupId)
    caches.setGroup(meta)
    return toGroupInfo(meta)
  },

  async create(
    sock: WASocket,
    caches: ConnectionCaches,
    subject: string,
    participants: Jid[],
  ): Promise<GroupInfo> {
    const meta = await sock.groupCreate(subject, participants)
    caches.setGroup(meta)
    return toGroupInfo(meta)
  },

  async participants(
    sock: WASocket,
    caches: ConnectionCaches,
    groupId: Jid,
    action: ParticipantAction,
    jids: Jid[],
  ) {
    const res = await sock.groupParticipantsUpdate(groupId, jids, action)
    caches.dropGroup(groupId)
    return res.map((r, i) => ({ jid: r.jid ?? jids[i], status: r.status }))
  },

  async inviteCode(sock: WASocket, groupId: Jid, revoke: boolean): Promise<string> {
    const code = revoke ? await sock.groupRevokeInvite(groupId) : await sock.groupInviteCode(groupId)
    if (!code) throw new GatewayError('failed', 'WhatsApp returned no invite code')
    return code
  },

  async join(sock: WASocket, inviteCodeOrLink: string): Promise<Jid> {
    const code = parseInviteCode(inviteCodeOrLink)
    if (!code) throw new GatewayError('invalid_argument', 'not a WhatsApp group invite link')
    const jid = await sock.groupAcceptInvite(code)
    if (!jid) throw new GatewayError('failed', 'joining the group failed')
    return jid
  },

  async update(
    sock: WASocket,
    caches: ConnectionCaches,
    groupId: Jid,
    patch: { subject?: string; description?: string; setting?: GroupSetting },
  ): Promise<void> {
    if (patch.subject !== undefined) await sock.groupUpdateSubject(groupId, patch.subject)
    if (patch.description !== undefined) await sock.groupUpdateDescription(groupId, patch.description)
    if (patch.setting !== undefined) await sock.groupSettingUpdate(groupId, patch.setting)
    caches.dropGroup(groupId)
  },
}
