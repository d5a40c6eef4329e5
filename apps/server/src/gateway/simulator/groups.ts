import { GatewayError } from '../errors.js'
import { parseInviteCode, phoneToJid } from '../jid.js'
import type { GroupInfo, GroupSetting, ParticipantAction } from '../messaging-gateway.js'
import type { SimGroup, SimWorld } from './world.js'

export function groupInfo(world: SimWorld, g: SimGroup): GroupInfo {
  const info: GroupInfo = {
    id: g.id,
    subject: g.subject,
    owner: phoneToJid(g.owner),
    createdAt: g.createdAt,
    announce: g.announce,
    restrict: g.restrict,
    participants: [...g.participants].map(([n, role]) => ({
      id: phoneToJid(n),
      pn: phoneToJid(n),
      lid: world.lidOf(n),
      role,
    })),
  }
  if (g.description) info.description = g.description
  return info
}

function notifyMembers(
  world: SimWorld,
  g: SimGroup,
  ev: Parameters<SimWorld['notifyPhone']>[1],
  extra: string[] = [],
): void {
  for (const n of new Set([...g.participants.keys(), ...extra])) world.notifyPhone(n, ev)
}

export function getGroup(world: SimWorld, id: string): SimGroup {
  const g = world.groups.get(id)
  if (!g) throw new GatewayError('not_found', 'no such group')
  return g
}

function requireMember(g: SimGroup, actor: string): void {
  if (!g.participants.has(actor)) throw new GatewayError('forbidden', 'not a member of this group')
}

function requireAdmin(g: SimGroup, actor: string): void {
  requireMember(g, actor)
  if (g.participants.get(actor) === 'member')
    throw new GatewayError('forbidden', 'only group admins can do this')
}

export function createGroup(world: SimWorld, owner: string, subject: string, members: string[]): SimGroup {
  const id = `120363${world.ids.digits(12)}@g.us`
  const g: SimGroup = {
    id,
    subject,
    owner,
    createdAt: world.clock.now(),
    announce: false,
    restrict: false,
    participants: new Map([[owner, 'superadmin']]),
    inviteCode: world.ids.hex(22),
  }
  for (const m of members) if (m !== owner && world.isRegistered(m)) g.participants.set(m, 'member')
  world.groups.set(id, g)
  for (const n of g.participants.keys()) world.phone(n)?.chats.add(id)
  notifyMembers(world, g, { type: 'group.updated', group: groupInfo(world, g) })
  return g
}

/** Add/remove/promote/demote; per-jid statuses as WhatsApp answers them (200, 403, 404, 409). */
export function updateParticipants(
  world: SimWorld,
  g: SimGroup,
  actor: string,
  action: ParticipantAction,
  numbers: string[],
) {
  requireAdmin(g, actor)
  const results: { number: string; status: string }[] = []
  const changed: string[] = []
  for (const n of numbers) {
    const has = g.participants.has(n)
    let status = '200'
    if (action === 'add') {
      if (has) status = '409'
      else if (!world.isRegistered(n)) status = '404'
      else g.participants.set(n, 'member')
    } else if (!has) status = '404'
    else if (g.participants.get(n) === 'superadmin' && n !== actor) status = '403'
    else if (action === 'remove') g.participants.delete(n)
    else g.participants.set(n, action === 'promote' ? 'admin' : 'member')
    if (status === '200') {
      changed.push(n)
      if (action === 'add') world.phone(n)?.chats.add(g.id)
    }
    results.push({ number: n, status })
  }
  if (changed.length) {
    const ev = {
      type: 'group.participants' as const,
      groupId: g.id,
      action,
      participants: changed,
      author: actor,
    }
    notifyMembers(world, g, ev, action === 'remove' ? changed : [])
  }
  return results
}

export function joinByCode(world: SimWorld, number: string, codeOrLink: string): SimGroup {
  const code = parseInviteCode(codeOrLink)
  const g = [...world.groups.values()].find((x) => x.inviteCode === code)
  if (!code || !g) throw new GatewayError('not_found', 'this invite link is not valid')
  if (!g.participants.has(number)) {
    g.participants.set(number, 'member')
    world.phone(number)?.chats.add(g.id)
    notifyMembers(world, g, {
      type: 'group.participants',
      groupId: g.id,
      action: 'add',
      participants: [number],
      author: number,
    })
  }
  return g
}

export function leaveGroup(world: SimWorld, g: SimGroup, number: string): void {
  requireMember(g, number)
  g.participants.delete(number)
  notifyMembers(
    world,
    g,
    { type: 'group.participants', groupId: g.id, action: 'remove', participants: [number], author: number },
    [number],
  )
  if (g.participants.size > 0 && ![...g.participants.values()].some((r) => r !== 'member')) {
    const [first] = g.participants.keys()
    g.participants.set(first, 'admin')
  }
}

export function inviteCode(world: SimWorld, g: SimGroup, actor: string, revoke: boolean): string {
  requireAdmin(g, actor)
  if (revoke) g.inviteCode = world.ids.hex(22)
  return g.inviteCode
}

export function updateGroup(
  world: SimWorld,
  g: SimGroup,
  actor: string,
  patch: { subject?: string; description?: string; setting?: GroupSetting },
): void {
  if (g.restrict || patch.setting) requireAdmin(g, actor)
  else requireMember(g, actor)
  const change: Partial<GroupInfo> & { id: string } = { id: g.id }
  if (patch.subject !== undefined) change.subject = g.subject = patch.subject
  if (patch.description !== undefined) change.description = g.description = patch.description
  if (patch.setting === 'announcement' || patch.setting === 'not_announcement')
    change.announce = g.announce = patch.setting === 'announcement'
  if (patch.setting === 'locked' || patch.setting === 'unlocked')
    change.restrict = g.restrict = patch.setting === 'locked'
  notifyMembers(world, g, { type: 'group.updated', group: change })
}
