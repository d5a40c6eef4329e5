import {
  Access,
  fanIdQuery,
  fanLabelsBatchBody,
  fanLabelsSetBody,
  labelCreateBody,
  labelIdQuery,
  labelPageBody,
  labelRenameBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { LabelsService } from './labels.service.js'

/** Everyone of the tenant reads labels; the supervisor and agents (the desk's label management) change them. */
const base = '/damai/customer/label'

export function labelsRoutes(app: FastifyInstance, labels: LabelsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['label']
  r.post(
    `${base}/page`,
    {
      config: { roles: Access.deskRead },
      schema: {
        tags,
        summary: 'A page of labels (newest first) with fan counts; name search',
        body: labelPageBody,
      },
    },
    async (req) => ok(await labels.page(callerOf(req).tenantId, req.body)),
  )
  r.get(
    `${base}/list`,
    {
      config: { roles: Access.deskRead },
      schema: { tags, summary: 'Every label of the tenant with fan counts' },
    },
    async (req) => ok({ list: await labels.list(callerOf(req).tenantId) }),
  )
  r.post(
    base,
    {
      config: { roles: Access.desk },
      schema: {
        tags,
        summary: 'Create a label (no spaces, 2–20, unique ignoring case)',
        body: labelCreateBody,
      },
    },
    async (req) => ok({ id: await labels.create(callerOf(req), req.body.name) }),
  )
  r.put(
    base,
    { config: { roles: Access.desk }, schema: { tags, summary: 'Rename a label', body: labelRenameBody } },
    async (req) => {
      await labels.rename(callerOf(req).tenantId, req.body.id, req.body.name)
      return ok(null)
    },
  )
  r.delete(
    base,
    {
      config: { roles: Access.desk },
      schema: { tags, summary: 'Delete a label; it leaves every fan', querystring: labelIdQuery },
    },
    async (req) => ok(await labels.deleteLabel(callerOf(req).tenantId, req.query.id)),
  )
  r.get(
    `${base}/fan`,
    {
      config: { roles: Access.deskRead },
      schema: { tags, summary: "A fan's labels (an agent: fans of their sessions)", querystring: fanIdQuery },
    },
    async (req) => ok({ list: await labels.ofFan(callerOf(req), req.query.fanId) }),
  )
  r.put(
    `${base}/fan`,
    {
      config: { roles: Access.desk },
      schema: { tags, summary: 'Exactly these labels on one fan (empty clears)', body: fanLabelsSetBody },
    },
    async (req) => ok(await labels.setOnFan(callerOf(req), req.body.fanId, req.body.labelIds)),
  )
  r.post(
    `${base}/fan/add`,
    {
      config: { roles: Access.desk },
      schema: { tags, summary: 'Put labels on fans (batch, all or nothing)', body: fanLabelsBatchBody },
    },
    async (req) => ok(await labels.addToFans(callerOf(req), req.body.fanIds, req.body.labelIds)),
  )
  r.post(
    `${base}/fan/remove`,
    {
      config: { roles: Access.desk },
      schema: { tags, summary: 'Take labels off fans (batch, all or nothing)', body: fanLabelsBatchBody },
    },
    async (req) => ok(await labels.removeFromFans(callerOf(req), req.body.fanIds, req.body.labelIds)),
  )
}
