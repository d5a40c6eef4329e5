import { z } from 'zod'
import { simMessageView, simPhoneQuery } from './sim.js'

/**
 * A simulated phone visiting a diversion link (/sim, demo mode only): the visit is recorded as
 * the public link records it, then the phone sends the prefilled greeting, with its visit
 * reference, to the account the link chose, so the customer is attributed to the link.
 */

/** The most links the /sim page offers to visit, newest first. */
export const SIM_DIVERSION_LINKS_MAX = 200

/** A diversion link a phone may visit: its public code and name. */
export const simDiversionLinkView = z.object({ code: z.string(), name: z.string(), enabled: z.boolean() })
export type SimDiversionLinkView = z.infer<typeof simDiversionLinkView>

/** POST /damai/sim/visit: `phone` opens the link with public code `code`. */
export const simVisitBody = simPhoneQuery.extend({
  code: z.string().trim().min(1, 'required').max(64, 'invalid'),
})
export type SimVisitBody = z.infer<typeof simVisitBody>

/** The account the link chose, and the greeting the phone sent it. */
export const simVisitResult = z.object({ account: z.string(), message: simMessageView })
export type SimVisitResult = z.infer<typeof simVisitResult>
