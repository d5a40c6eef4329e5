import { customerTitle } from '@app/core'
import type { Db } from '../../db/index.js'
import type { Session } from '../../db/schema.js'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import { sessionRooms as roomsOfSession } from '../../realtime/rooms.js'
import { canSeeSession, visibleSessions } from './session.visibility.js'

/** A session the viewer may work on, with what the desk's actions need of its account and peer. */
export interface DeskSession {
  session: Session
  account: {
    id: number
    phone: string | null
    jid: string | null
    lid: string | null
    status: string
    restrictedUntil: number | null
    agentUserId: number | null
  }
  /** the fan's or group's address and the name the desk shows */
  peer: { jid: string; title: string }
}

/**
 * Load a session in the viewer's scope; another tenant's, or one outside an agent's scope, is
 * not found (and nothing is changed).
 */
export async function loadDeskSession(db: Db, viewer: Caller, sessionId: number): Promise<DeskSession> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
    .leftJoin('fans as f', 'f.id', 's.fan_id')
    .leftJoin('group_chats as g', 'g.id', 's.group_chat_id')
    .selectAll('s')
    .select([
      'a.phone as a_phone',
      'a.jid as a_jid',
      'a.lid as a_lid',
      'a.status as a_status',
      'a.restricted_until as a_restricted_until',
      'a.agent_user_id as a_agent_user_id',
      'f.jid as f_jid',
      'f.nickname as f_nickname',
      'f.push_name as f_push_name',
      'f.phone as f_phone',
      'g.jid as g_jid',
      'g.subject as g_subject',
    ])
    .where(visibleSessions(viewer))
    .where('s.id', '=', sessionId)
    .executeTakeFirst()
  if (!row) throw notFound()
  const {
    a_phone,
    a_jid,
    a_lid,
    a_status,
    a_restricted_until,
    a_agent_user_id,
    f_jid,
    f_nickname,
    f_push_name,
    f_phone,
    g_jid,
    g_subject,
    ...session
  } = row
  const peer = f_jid
    ? {
        jid: f_jid,
        title: customerTitle({ nickname: f_nickname, pushName: f_push_name, phone: f_phone, jid: f_jid }),
      }
    : { jid: g_jid ?? '', title: g_subject || g_jid || '' }
  return {
    session,
    account: {
      id: session.account_id,
      phone: a_phone,
      jid: a_jid,
      lid: a_lid,
      status: a_status,
      restrictedUntil: a_restricted_until,
      agentUserId: a_agent_user_id,
    },
    peer,
  }
}

/**
 * The sessions among `ids` the viewer may work on (the desk's rule), each with the agent of its
 * account; the others are left out, so the caller can tell one not found.
 */
export async function loadDeskSessions(
  db: Db,
  viewer: Caller,
  ids: number[],
): Promise<Map<number, { session: Session; accountAgentId: number | null }>> {
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
    .selectAll('s')
    .select('a.agent_user_id as a_agent_user_id')
    .where(visibleSessions(viewer))
    .where('s.id', 'in', ids)
    .execute()
  return new Map(
    rows.map(({ a_agent_user_id, ...session }) => [session.id, { session, accountAgentId: a_agent_user_id }]),
  )
}

/** Whether the caller may follow a session (a socket joining its room): the same rule as the desk list. */
export async function canFollowSession(db: Db, caller: Caller, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('ws_accounts as a', 'a.id', 's.account_id')
    .select(['s.tenant_id', 's.agent_user_id', 'a.agent_user_id as account_agent', 'a.deleted_at'])
    .where('s.tenant_id', '=', caller.tenantId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst()
  if (!row) return false
  return canSeeSession(caller, {
    tenantId: row.tenant_id,
    sessionAgentId: row.agent_user_id,
    accountAgentId: row.account_agent,
    accountDeleted: row.deleted_at !== null,
  })
}

/** The rooms that hear about a session: supervisors (tenant), its open chat boxes, and its agent. */
export function sessionRooms(d: DeskSession, ...users: (number | null | undefined)[]): string[] {
  const agent = d.session.agent_user_id ?? d.account.agentUserId
  return roomsOfSession(d.session.tenant_id, d.session.id, agent, ...users)
}
