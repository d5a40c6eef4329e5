import { z } from 'zod'
import { Access } from '../access.js'
import { endpoint } from './contract.js'
import { agentView, deskAccountView } from './desk-views.js'

/**
 * The desk's people and accounts: the tenant's agents (the supervisor's "act as" picker and the
 * migrate dialog, which agents use too) and the WS accounts of the desk with the viewer's unread.
 */
export const deskPeopleEndpoints = {
  agents: endpoint({
    roles: Access.desk,
    tags: ['desk'],
    method: 'GET',
    path: '/damai/customer/user/agents',
    summary: "The tenant's enabled agents (id, username, nickname)",
    response: z.array(agentView),
  }),
  /** who a note may mention: the tenant's enabled desk users, the supervisor first */
  deskMembers: endpoint({
    roles: Access.desk,
    tags: ['desk'],
    method: 'GET',
    path: '/damai/customer/user/deskMembers',
    summary: "The tenant's enabled desk users, the supervisor and the agents (id, username, nickname)",
    response: z.array(agentView),
  }),
  deskAccounts: endpoint({
    roles: Access.desk,
    tags: ['desk'],
    method: 'GET',
    path: '/damai/customer/user/deskAccounts',
    summary: "The desk's WS accounts with status and the viewer's unread (customer-user-id: acting)",
    response: z.array(deskAccountView),
  }),
}

/** What the browser needs to know of the server's settings before anyone signs in. */
export const publicConfig = z.object({
  /** tile server of the location picker and location messages ({z}/{x}/{y}) */
  mapTileUrl: z.string(),
})
export type PublicConfig = z.infer<typeof publicConfig>

export const systemEndpoints = {
  config: endpoint({
    roles: 'public',
    tags: ['system'],
    method: 'GET',
    path: '/damai/public/config',
    summary: 'Settings the browser needs',
    response: publicConfig,
  }),
}
