import { z } from 'zod'
import {
  AMOUNT_MAX,
  ORDER_DAYS_MAX,
  ORDER_KINDS,
  ORDER_REMARK_MAX,
  RECORD_IDS_MAX,
  RECORD_STATUSES,
} from './billing.js'

/**
 * The fields billing's requests and views are made of, shared by the platform's side and the
 * tenant's. Not part of the package's entry: each schema that uses them is.
 */

export const id = z.number({ message: 'invalid' }).int().positive()
export const ids = z.array(id).min(1, 'required').max(RECORD_IDS_MAX, 'tooLong')
export const pageNo = z.number().int().min(1).default(1)
export const pageSize = z.number().int().min(1).max(100).default(10)
export const amount = z.number({ message: 'invalid' }).int().min(0).max(AMOUNT_MAX)
export const days = z.number({ message: 'invalid' }).int().min(1).max(ORDER_DAYS_MAX)
export const remark = z.string().trim().max(ORDER_REMARK_MAX, 'tooLong').default('')
export const epochMs = z.number({ message: 'invalid' }).int().min(0).max(8_640_000_000_000_000)
/** the viewer's offset from UTC, to cut days at their midnight */
export const utcOffsetMinutes = z.number().int().min(-720).max(840).default(0)

export const int = z.number().int()
export const kindOf = z.enum(ORDER_KINDS)
export const recordStatusOf = z.enum(RECORD_STATUSES)
