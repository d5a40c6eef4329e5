import {
  Access,
  groupInfoBody,
  groupJoinBody,
  groupLinkBody,
  groupMemberActionBody,
  groupMembersBody,
  groupRemarkBody,
  groupUpdateBody,
  systemGroupsBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { GroupChangesService } from './groups.changes.js'
import type { GroupJoinService } from './groups.join.js'
import type { GroupsService } from './groups.service.js'

/** The whole tenant's desk people read (a team lead only reads); the supervisor and agents change. */
const base = '/damai/customer/group'

interface Services {
  groups: GroupsService
  changes: GroupChangesService
  join: GroupJoinService
}

/** Group chats of desk sessions; calls take `desk-id` and `customer-user-id` like every desk call. */
export function groupsRoutes(app: FastifyInstance, { groups, changes, join }: Services): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['group']

  r.post(
    `${base}/info`,
    {
      config: { roles: Access.deskRead },
      schema: {
        tags,
        summary: "A group session's group; refresh reads it from WhatsApp",
        body: groupInfoBody,
      },
    },
    async (req) => ok(await groups.info(callerOf(req), req.body.sessionId, req.body.refresh ?? false)),
  )
  r.put(
    `${base}/info`,
    {
      config: { roles: Access.desk },
      schema: {
        tags,
        summary: 'Submit subject, description, edit permission or announcement group to WhatsApp',
        body: groupUpdateBody,
      },
    },
    async (req) => ok(await changes.update(callerOf(req), req.body)),
  )
  r.post(
    `${base}/members`,
    {
      config: { roles: Access.deskRead },
      schema: {
        tags,
        summary: 'A page of members with roles (owner, admins, members)',
        body: groupMembersBody,
      },
    },
    async (req) => ok(await groups.members(callerOf(req), req.body)),
  )
  r.post(
    `${base}/members/action`,
    {
      config: { roles: Access.desk },
      schema: {
        tags,
        summary: 'Add, remove, promote or demote members (owner/admin); per-member results',
        body: groupMemberActionBody,
      },
    },
    async (req) => ok(await changes.members(callerOf(req), req.body)),
  )
  r.post(
    `${base}/link`,
    {
      config: { roles: Access.desk },
      schema: { tags, summary: 'The invite link and its QR code (owner/admin)', body: groupLinkBody },
    },
    async (req) => ok(await groups.link(callerOf(req), req.body.sessionId, false)),
  )
  r.put(
    `${base}/link/reset`,
    {
      config: { roles: Access.desk },
      schema: {
        tags,
        summary: 'A new invite link; the old one stops working (owner/admin)',
        body: groupLinkBody,
      },
    },
    async (req) => ok(await groups.link(callerOf(req), req.body.sessionId, true)),
  )
  r.put(
    `${base}/remark`,
    {
      config: { roles: Access.desk },
      schema: { tags, summary: "The tenant's note and nickname of the group", body: groupRemarkBody },
    },
    async (req) => {
      await groups.remark(callerOf(req), req.body)
      return ok(null)
    },
  )
  r.get(
    `${base}/accounts`,
    {
      config: { roles: Access.desk },
      schema: { tags, summary: 'The WS accounts the caller may join groups with' },
    },
    async (req) => ok({ list: await join.accounts(callerOf(req)) }),
  )
  r.post(
    `${base}/join`,
    {
      config: { roles: Access.desk },
      schema: {
        tags,
        summary: 'Join groups by invite links (at most 20); per-line results',
        body: groupJoinBody,
      },
    },
    async (req) => ok(await join.join(callerOf(req), req.body)),
  )
  r.get(
    `${base}/systemGroups`,
    {
      config: { roles: Access.deskRead },
      schema: { tags, summary: "Whether the caller's desk lists system groups" },
    },
    async (req) => ok(await groups.systemGroups(callerOf(req))),
  )
  r.put(
    `${base}/systemGroups`,
    {
      config: { roles: Access.deskRead },
      schema: { tags, summary: 'Show or hide system groups on the desk', body: systemGroupsBody },
    },
    async (req) => ok(await groups.setSystemGroups(callerOf(req), req.body.show)),
  )
}
