import { z } from 'zod'
import { Access } from '../access.js'
import { LABEL_NAME_MAX } from '../constants.js'
import { pageOf } from '../errors.js'
import { BATCH_IDS_MAX } from '../messaging.js'
import { checkLabelName } from '../validation.js'
import { endpoint } from './contract.js'

/** Labels given in one labelling action. */
export const LABELS_PER_ACTION_MAX = 50

const id = z.number({ message: 'invalid' }).int().positive()
const fanIds = z.array(id).min(1, 'required').max(BATCH_IDS_MAX, 'tooLong')
const labelIds = z.array(id).min(1, 'required').max(LABELS_PER_ACTION_MAX, 'tooLong')

/** A label name: no spaces, 2–20 characters (spec §5); unique per tenant ignoring case (server). */
export const labelName = z
  .string({ message: 'labelName.required' })
  .max(LABEL_NAME_MAX * 4, 'labelName.length')
  .superRefine((v, ctx) => {
    const key = checkLabelName(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

/** POST /damai/customer/label */
export const labelCreateBody = z.object({ name: labelName })
/** PUT /damai/customer/label */
export const labelRenameBody = z.object({ id, name: labelName })
/** DELETE /damai/customer/label?id= */
export const labelIdQuery = z.object({ id: z.coerce.number().int().positive() })

/** POST /damai/customer/label/page: newest first; `name` searches ignoring case. */
export const labelPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  name: z.string().trim().max(LABEL_NAME_MAX, 'labelName.length').optional(),
})
export type LabelPageBody = z.infer<typeof labelPageBody>

/** POST /damai/customer/label/fan/add and …/fan/remove: every label on (or off) every fan. */
export const fanLabelsBatchBody = z.object({ fanIds, labelIds })
export type FanLabelsBatchBody = z.infer<typeof fanLabelsBatchBody>

/** PUT /damai/customer/label/fan: exactly these labels on one fan (an empty list clears them). */
export const fanLabelsSetBody = z.object({
  fanId: id,
  labelIds: z.array(id).max(LABELS_PER_ACTION_MAX, 'tooLong'),
})

/** GET /damai/customer/label/fan?fanId= */
export const fanIdQuery = z.object({ fanId: z.coerce.number().int().positive() })

/** A label with the number of the tenant's fans carrying it. */
export const labelView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** fans of the tenant carrying the label */
  fanCount: z.number().int(),
  createdAt: z.number().int(),
})
export type LabelView = z.infer<typeof labelView>

/** A label as shown on a fan. */
export const fanLabelView = z.object({ id: z.number().int(), name: z.string() })
export type FanLabelView = z.infer<typeof fanLabelView>

export const fanLabelsChange = z.object({
  /** fan–label links made or removed (links that already were as asked are not counted) */
  changed: z.number().int(),
})
export type FanLabelsChange = z.infer<typeof fanLabelsChange>

/** Labels are the desk's: the supervisor and agents read and change them; the team lead has no desk. */
const desk = { roles: Access.desk, tags: ['label'] } as const
const base = '/damai/customer/label'

export const labelEndpoints = {
  page: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/page`,
    summary: 'A page of labels (newest first) with fan counts; name search',
    body: labelPageBody,
    response: pageOf(labelView),
  }),
  list: endpoint({
    ...desk,
    method: 'GET',
    path: `${base}/list`,
    summary: 'Every label of the tenant with fan counts',
    response: z.object({ list: z.array(labelView) }),
  }),
  create: endpoint({
    ...desk,
    method: 'POST',
    path: base,
    summary: 'Create a label (no spaces, 2–20, unique ignoring case)',
    body: labelCreateBody,
    response: z.object({ id: z.number().int() }),
  }),
  rename: endpoint({
    ...desk,
    method: 'PUT',
    path: base,
    summary: 'Rename a label',
    body: labelRenameBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...desk,
    method: 'DELETE',
    path: base,
    summary: 'Delete a label; it leaves every fan',
    query: labelIdQuery,
    response: z.object({ unlinkedFans: z.number().int() }),
  }),
  ofFan: endpoint({
    ...desk,
    method: 'GET',
    path: `${base}/fan`,
    summary: "A fan's labels (an agent: fans of their sessions)",
    query: fanIdQuery,
    response: z.object({ list: z.array(fanLabelView) }),
  }),
  setOnFan: endpoint({
    ...desk,
    method: 'PUT',
    path: `${base}/fan`,
    summary: 'Exactly these labels on one fan (empty clears)',
    body: fanLabelsSetBody,
    response: fanLabelsChange,
  }),
  addToFans: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/fan/add`,
    summary: 'Put labels on fans (batch, all or nothing)',
    body: fanLabelsBatchBody,
    response: fanLabelsChange,
  }),
  removeFromFans: endpoint({
    ...desk,
    method: 'POST',
    path: `${base}/fan/remove`,
    summary: 'Take labels off fans (batch, all or nothing)',
    body: fanLabelsBatchBody,
    response: fanLabelsChange,
  }),
}
