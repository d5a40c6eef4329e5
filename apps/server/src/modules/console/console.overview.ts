import {
  type AccountStateValue,
  type ConsoleAccountView,
  type ConsoleAgentView,
  type ConsoleCounts,
  type ConsoleOverview,
  Role,
  UserStatus,
} from '@app/core'
import type { AccountAssignments, AccountDirectory } from '../accounts/index.js'
import type { AllocationBucket, SessionAllocationQuery } from '../sessions/index.js'
import type { AgentRoster, UsersService } from '../users/index.js'
import type { ConsoleSockets } from './console.sockets.js'

/** The tenant's agents and team leads read in one page: seats bound them far below this. */
const PEOPLE_MAX = 5_000

export interface OverviewSources {
  allocation: SessionAllocationQuery
  accounts: AccountDirectory
  assignments: AccountAssignments
  people: Pick<AgentRoster, 'team'>
  sockets: ConsoleSockets
  users: Pick<UsersService, 'displayName'>
}

const zero = (): ConsoleCounts => ({ sessions: 0, unread: 0, unreplied: 0 })
const add = (to: ConsoleCounts, b: ConsoleCounts) => {
  to.sessions += b.sessions
  to.unread += b.unread
  to.unreplied += b.unreplied
}

interface Person {
  id: number
  username: string
  nickname: string
  active: boolean
}

/**
 * The console's overview: the allocated view (per agent) and the unallocated counts from one
 * grouped statement (the buckets of (account, agent)), with the people, the accounts and their
 * agents, and who is connected, each read once for the whole tenant.
 */
export async function buildOverview(
  src: OverviewSources,
  tenantId: number,
  readerId: number,
): Promise<ConsoleOverview> {
  const [buckets, accounts, people] = await Promise.all([
    src.allocation.buckets(tenantId, readerId),
    src.accounts.onDesk(tenantId, null, []),
    src.people.team(tenantId, PEOPLE_MAX),
  ])
  const peopleIds = people.map((p) => p.id)
  const [owned, online] = await Promise.all([
    src.assignments.ofAgents(tenantId, peopleIds),
    src.sockets.connected(peopleIds),
  ])
  const agentOfAccount = new Map(owned.map((a) => [a.id, a.agent_user_id]))

  const byAgent = new Map<number, ConsoleCounts>()
  const byAccount = new Map<number, { sessions: number; unallocated: number }>()
  const unallocated = zero()
  for (const b of buckets) countBucket(b, byAgent, byAccount, unallocated)

  const persons = new Map<number, Person>(
    people.map((p) => [
      p.id,
      {
        id: p.id,
        username: p.username,
        nickname: p.nickname || p.username,
        active: p.role_id === Role.customerUser && p.status === UserStatus.enabled,
      },
    ]),
  )
  // sessions migrated to someone no longer listed (a deleted agent): shown, so they can be handed on
  // (rare: names read one by one)
  const unknown = [...byAgent.keys()].filter((id) => !persons.has(id))
  const names = await Promise.all(unknown.map((id) => src.users.displayName(tenantId, id)))
  unknown.forEach((id, i) => {
    const name = names[i] || `#${id}`
    persons.set(id, { id, username: name, nickname: name, active: false })
  })

  const accountViews: ConsoleAccountView[] = accounts.map((a) => ({
    id: a.id,
    phone: a.phone,
    status: a.status as AccountStateValue,
    pushName: a.push_name,
    remark: a.remark,
    agentUserId: agentOfAccount.get(a.id) ?? null,
    sessions: byAccount.get(a.id)?.sessions ?? 0,
    unallocated: byAccount.get(a.id)?.unallocated ?? 0,
  }))
  const agents: ConsoleAgentView[] = []
  for (const p of persons.values()) {
    const counts = byAgent.get(p.id) ?? zero()
    const theirs = accountViews.filter((a) => a.agentUserId === p.id)
    // a disabled agent or a team lead is listed only while holding work
    if (!p.active && counts.sessions === 0 && theirs.length === 0) continue
    agents.push({
      ...p,
      ...counts,
      online: online.has(p.id),
      accounts: theirs.map((a) => ({ id: a.id, phone: a.phone, status: a.status })),
    })
  }
  agents.sort(
    (x, y) => Number(y.active) - Number(x.active) || x.nickname.localeCompare(y.nickname) || x.id - y.id,
  )
  return { unallocated, agents, accounts: accountViews }
}

function countBucket(
  b: AllocationBucket,
  byAgent: Map<number, ConsoleCounts>,
  byAccount: Map<number, { sessions: number; unallocated: number }>,
  unallocated: ConsoleCounts,
): void {
  const account = byAccount.get(b.accountId) ?? { sessions: 0, unallocated: 0 }
  account.sessions += b.sessions
  if (b.agentId === null) {
    account.unallocated += b.sessions
    add(unallocated, b)
  } else {
    const agent = byAgent.get(b.agentId) ?? zero()
    add(agent, b)
    byAgent.set(b.agentId, agent)
  }
  byAccount.set(b.accountId, account)
}
