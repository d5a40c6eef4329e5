import { roomOf } from '@app/core'

/**
 * Where an event about a session goes, decided here only: the tenant's room (supervisors and
 * team leads read every chat), the session's room (chat boxes open on it), and the users named
 * (its agent - migrated-to, else its account's - and whoever else must hear it).
 */
export function sessionRooms(
  tenantId: number,
  sessionId: number,
  ...users: (number | null | undefined)[]
): string[] {
  return [roomOf.tenant(tenantId), roomOf.session(sessionId), ...userRooms(...users)]
}

/** Where a change of a stored message goes: the rooms of its session. */
export function messageRooms(
  m: { tenant_id: number; session_id: number },
  ...users: (number | null | undefined)[]
): string[] {
  return sessionRooms(m.tenant_id, m.session_id, ...users)
}

/** The personal rooms of some users, each once. */
export function userRooms(...users: (number | null | undefined)[]): string[] {
  return [...new Set(users.filter((u): u is number => typeof u === 'number' && u > 0))].map((u) =>
    roomOf.user(u),
  )
}
