import { z } from 'zod'
import { LABEL_NAME_MAX } from '../constants.js'
import { BATCH_IDS_MAX } from '../messaging.js'
import { checkLabelName } from '../validation.js'

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

export interface LabelView {
  id: number
  name: string
  /** fans of the tenant carrying the label */
  fanCount: number
  createdAt: number
}

/** A label as shown on a fan. */
export interface FanLabelView {
  id: number
  name: string
}

export interface FanLabelsChange {
  /** fan–label links made or removed (links that already were as asked are not counted) */
  changed: number
}
