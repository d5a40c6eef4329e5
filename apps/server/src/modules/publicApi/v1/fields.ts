import { ErrorCode } from '@app/core'
import { z } from 'zod'
import type { Caller } from '../../../http/caller.js'
import { AppError } from '../../../http/errors.js'
import type { Desk } from '../../desk/index.js'

/** Inputs and answers that several operations share. */

export const id = z.coerce.number().int().positive()
export const idParams = z.object({ id: id.meta({ description: 'The id' }) })
export const cursor = z
  .string()
  .max(64)
  .optional()
  .meta({ description: 'The `nextCursor` of the previous page' })
export const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(100)
  .default(30)
  .meta({ description: 'Rows per page' })

/** A page of a list: its rows and where the next page starts. */
export const page = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    nextCursor: z.string().nullable().meta({ description: 'null on the last page' }),
  })

/** The conversation with a phone on a number: the one there is, or a new one once WhatsApp knows the phone. */
export async function openSession(
  desk: Desk,
  caller: Caller,
  phone: string,
  accountId?: number,
): Promise<number> {
  try {
    return (await desk.creator.create(caller, { phone, accountId })).id
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.sessionExists)
      return (err.options.data as { sessionId: number }).sessionId
    throw err
  }
}
