import { z } from 'zod'
import { Access } from '../access.js'
import { endpoint, fileResponse } from './contract.js'
import {
  fanBatchInvalidBody,
  fanBatchLabelsBody,
  fanBatchMassSendBody,
  fanBatchMigrateBody,
  fanBatchResult,
  fanCountBody,
  fanDetail,
  fanExportBody,
  fanIdBody,
  fanImportBody,
  fanImportResult,
  fanPage,
  fanPageBody,
} from './fans.js'

/**
 * The customers list: the supervisor's whole tenant, an agent's (or a supervisor acting as one)
 * fans of the sessions they may see. The supervisor alone exports the list.
 */
const desk = { roles: Access.desk, tags: ['customers'] } as const
const base = '/damai/customer/fans'

export const fanEndpoints = {
  page: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/page`,
    summary: 'Customers, newest added first; filters, search; keyset cursor',
    body: fanPageBody,
    response: fanPage,
  }),
  count: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/count`,
    summary: 'How many customers a filter matches',
    body: fanCountBody,
    response: z.object({ total: z.number().int() }),
  }),
  detail: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/detail`,
    summary: 'A customer with labels and sessions (account, agent, activity)',
    body: fanIdBody,
    response: fanDetail,
  }),
  labels: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/labels`,
    summary: 'Labels on or off the chosen customers (per customer) or every matching one (counts)',
    body: fanBatchLabelsBody,
    response: fanBatchResult,
  }),
  massSend: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/massSend`,
    summary: 'Mass sends allowed or forbidden: the chosen customers or every matching one',
    body: fanBatchMassSendBody,
    response: fanBatchResult,
  }),
  invalid: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/invalid`,
    summary: 'The chosen customers marked invalid, or restored',
    body: fanBatchInvalidBody,
    response: fanBatchResult,
  }),
  migrate: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/migrate`,
    summary: "The chosen customers' sessions handed to another agent (as the desk's migrate)",
    body: fanBatchMigrateBody,
    response: fanBatchResult,
  }),
  import: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/import`,
    summary: 'Active add: phones checked on WhatsApp become customers of one account, per line',
    body: fanImportBody,
    response: fanImportResult,
  }),
  export: endpoint({
    ...desk,
    roles: Access.master,
    method: 'POST',
    path: `${base}/export`,
    summary: 'The matching (or chosen) customers as an XLSX file',
    body: fanExportBody,
    response: fileResponse,
  }),
}
