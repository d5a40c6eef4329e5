import { useQuery } from '@tanstack/react-query'
import { listAgents, listDeskMembers } from '../../api/desk'

/**
 * The tenant's agents, read once for the supervisor's "act as" picker and the migrate dialog. The
 * list is the same whichever desk is entered, so its key stays outside the desk's ('desk', …),
 * which entering a desk drops; a second read within the duplicate guard's window would be refused.
 */
const tenantAgentsKey = ['tenant', 'agents'] as const

/** Agents change seldom: a read serves every screen of the desk for a minute. */
const AGENTS_FRESH_MS = 60_000

export const useTenantAgents = (enabled = true) =>
  useQuery({ queryKey: tenantAgentsKey, queryFn: listAgents, enabled, staleTime: AGENTS_FRESH_MS })

const deskMembersKey = ['tenant', 'deskMembers'] as const

/** The tenant's desk users, the supervisor and the agents: whom a note may mention, and who wrote one. */
export const useDeskMembers = (enabled = true) =>
  useQuery({ queryKey: deskMembersKey, queryFn: listDeskMembers, enabled, staleTime: AGENTS_FRESH_MS })
