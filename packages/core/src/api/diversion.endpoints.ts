import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { endpoint, fileResponse } from './contract.js'
import {
  DIVERSION_PUBLIC_PATH,
  DiversionPath,
  diversionEnableBody,
  diversionIdQuery,
  diversionLinkBody,
  diversionLinkStats,
  diversionLinkUpdateBody,
  diversionLinkView,
  diversionPageBody,
  InteractionPath,
  interactionPage,
  interactionPageBody,
  publicVisitQuery,
} from './diversion.js'

const master = { roles: Access.master } as const

export const diversionEndpoints = {
  create: endpoint({
    ...master,
    tags: ['diversion'],
    method: 'POST',
    path: DiversionPath.create,
    summary: 'Create a diversion link',
    body: diversionLinkBody,
    response: diversionLinkView,
  }),
  update: endpoint({
    ...master,
    tags: ['diversion'],
    method: 'PUT',
    path: DiversionPath.update,
    summary: "Change a link's name, greeting and accounts",
    body: diversionLinkUpdateBody,
    response: diversionLinkView,
  }),
  enable: endpoint({
    ...master,
    tags: ['diversion'],
    method: 'PUT',
    path: DiversionPath.enable,
    summary: 'Enable or disable a link',
    body: diversionEnableBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...master,
    tags: ['diversion'],
    method: 'DELETE',
    path: DiversionPath.remove,
    summary: 'Delete a link',
    query: diversionIdQuery,
    response: z.null(),
  }),
  page: endpoint({
    ...master,
    tags: ['diversion'],
    method: 'POST',
    path: DiversionPath.page,
    summary: 'Links, newest first',
    body: diversionPageBody,
    response: pageOf(diversionLinkView),
  }),
  stats: endpoint({
    ...master,
    tags: ['diversion'],
    method: 'GET',
    path: DiversionPath.stats,
    summary: 'Visits and new fans per account and agent',
    query: diversionIdQuery,
    response: diversionLinkStats,
  }),
  qr: endpoint({
    ...master,
    tags: ['diversion'],
    method: 'GET',
    path: DiversionPath.qr,
    summary: 'QR code of the public link (PNG data URL)',
    query: diversionIdQuery,
    response: z.object({ dataUrl: z.string() }),
  }),
  interactions: endpoint({
    roles: Access.desk,
    tags: ['diversion'],
    method: 'POST',
    path: InteractionPath.page,
    summary: 'Sessions whose customer answered a mass send or an auto reply, newest first',
    body: interactionPageBody,
    response: interactionPage,
  }),
  /** public, rate-limited by the server */
  publicVisit: endpoint({
    roles: 'public',
    tags: ['diversion'],
    method: 'GET',
    path: DiversionPath.publicVisit,
    summary: 'A visit to a link, as JSON: where to send the visitor',
    query: publicVisitQuery,
    response: z.object({ url: z.string() }),
  }),
  /** the public page itself: a redirect, or the web app's page saying why not; rate-limited */
  visitPage: endpoint({
    roles: 'public',
    tags: ['diversion'],
    method: 'GET',
    path: DIVERSION_PUBLIC_PATH,
    summary: 'A visit to a link: redirect to WhatsApp, or to the page saying why not',
    query: z.object({
      c: z.string().max(64).default(''),
      why: z.string().max(20).optional(),
      lang: z.string().max(5).optional(),
    }),
    response: fileResponse,
  }),
}
