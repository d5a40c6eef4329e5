import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { endpoint, fileResponse } from './contract.js'
import { MassSendPath } from './mass-send.js'
import {
  massSendAudienceCountBody,
  massSendAudiencePreview,
  massSendChartBody,
  massSendCreateBody,
  massSendExportBody,
  massSendGroupsBody,
  massSendPageBody,
  massSendRecipientsBody,
  massSendTaskBody,
  massSendTaskQuery,
  phoneListResult,
} from './mass-send.requests.js'
import {
  massSendChart,
  massSendGroupPage,
  massSendRecipientPage,
  massSendTaskDetail,
  massSendTaskView,
} from './mass-send-views.js'

// ---- endpoints ---------------------------------------------------------------------------------

/** Mass send: the supervisor's /marketing pages and the desk's fanGroupSend, for the supervisor and agents. */
const desk = { roles: Access.desk, tags: ['massSend'] } as const

export const massSendEndpoints = {
  create: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.create,
    summary:
      'Create a mass-send task (strangers, customers or groups); it prepares, then runs or waits for its appointment',
    body: massSendCreateBody,
    response: z.object({ id: z.number().int() }),
  }),
  page: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.page,
    summary: 'Tasks, newest first, with their counters',
    body: massSendPageBody,
    response: pageOf(massSendTaskView),
  }),
  detail: endpoint({
    ...desk,
    method: 'GET',
    path: MassSendPath.detail,
    summary: 'A task with its sentences, accounts, log and fresh counters',
    query: massSendTaskQuery,
    response: massSendTaskDetail,
  }),
  start: endpoint({
    ...desk,
    method: 'PUT',
    path: MassSendPath.start,
    summary: 'Run a pending task now',
    body: massSendTaskBody,
    response: z.null(),
  }),
  pause: endpoint({
    ...desk,
    method: 'PUT',
    path: MassSendPath.pause,
    summary: 'Pause an executing task',
    body: massSendTaskBody,
    response: z.null(),
  }),
  resume: endpoint({
    ...desk,
    method: 'PUT',
    path: MassSendPath.resume,
    summary: 'Resume a paused task where it stopped',
    body: massSendTaskBody,
    response: z.null(),
  }),
  terminate: endpoint({
    ...desk,
    method: 'PUT',
    path: MassSendPath.terminate,
    summary: 'Stop a task for good',
    body: massSendTaskBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...desk,
    method: 'DELETE',
    path: MassSendPath.remove,
    summary: 'Delete a task that is not executing or preparing',
    query: massSendTaskQuery,
    response: z.null(),
  }),
  recipients: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.recipients,
    summary: "A page of a task's recipients with each sentence's status",
    body: massSendRecipientsBody,
    response: massSendRecipientPage,
  }),
  export: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.export,
    summary: "The task's recipient log as an XLSX file",
    body: massSendExportBody,
    response: fileResponse,
  }),
  chart: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.chart,
    summary: 'Sends over time per sending account',
    body: massSendChartBody,
    response: massSendChart,
  }),
  audienceCount: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.audienceCount,
    summary: 'How many recipients an audience has now, and the first few as its variables read them',
    body: massSendAudienceCountBody,
    response: massSendAudiencePreview,
  }),
  groups: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.groups,
    summary: "The group chats of the caller's accounts",
    body: massSendGroupsBody,
    response: massSendGroupPage,
  }),
  parsePhones: endpoint({
    ...desk,
    method: 'POST',
    path: MassSendPath.parsePhones,
    summary: 'Read a phone list file (CSV, TXT or XLSX, first column): valid, invalid lines, duplicates',
    body: 'multipart',
    response: phoneListResult,
  }),
}
