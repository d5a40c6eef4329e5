import {
  ApiScope,
  MASS_SEND_PACING_DEFAULT,
  MassSendKind,
  MassSendMethod,
  type MassSendTaskView,
  massSendAudienceBody,
  massSendCreateBody,
  massSendTaskView,
} from '@app/core'
import { z } from 'zod'
import type { Caller } from '../../../http/caller.js'
import { idParams } from './fields.js'
import { type Operation, operation } from './operation.js'
import type { OperationDeps } from './operations.js'

const form = massSendCreateBody.shape
const pacing = MASS_SEND_PACING_DEFAULT
const byDefault = (r: { min: number; max: number }) => `(default ${r.min}–${r.max})`
// personal chats only: phones that need not be customers yet, or customers chosen by label
const [strangers, customers] = massSendAudienceBody.options

const fields = z.object({
  name: form.name,
  audience: z
    .discriminatedUnion('type', [
      strangers.meta({
        description: 'Phones, digits with the country code; each becomes a customer when reached',
      }),
      customers.meta({
        description:
          'Customers carrying any of `includeLabelIds` (or `all`), none of `excludeLabelIds`; never invalid ones, opted-out ones or those with mass send forbidden',
      }),
    ])
    .meta({ description: 'Who receives' }),
  accountIds: form.accountIds.meta({
    description:
      'The numbers that send: required with phones (spread across them); with customers, only customers of these numbers',
  }),
  sentences: form.sentences.meta({
    description:
      'Sent in order to each recipient: a content (text, location, contact card, link, or a file uploaded first) or `{ "type": "material", "materialId": … }`; texts may hold variables such as {nickname} and {phone}',
  }),
  method: form.method
    .default(MassSendMethod.oneByOne)
    .meta({ description: 'one_by_one, or each next sentence only after a reply or a read' }),
  sentenceInterval: form.sentenceInterval.optional().meta({
    description: `Seconds between two sentences to one recipient ${byDefault(pacing.sentenceInterval)}`,
  }),
  customerInterval: form.customerInterval.optional().meta({
    description: `Seconds of rest after each round of \`sendCount\` recipients per number ${byDefault(pacing.customerInterval)}`,
  }),
  sendCount: form.sendCount
    .optional()
    .meta({ description: `Recipients per round and number ${byDefault(pacing.sendCount)}` }),
  dailyCap: form.dailyCap.meta({ description: 'Recipients each number starts per day at most; 0: no cap' }),
  waitTimeout: form.waitTimeout.meta({
    description: 'After reply or read: seconds a recipient is waited for before it ends stopped',
  }),
  appointmentAt: form.appointmentAt.meta({ description: 'epoch ms to start at; empty or past: at once' }),
  utcOffsetMinutes: form.utcOffsetMinutes.meta({ description: 'Where the daily cap’s day starts' }),
})

/** The console's create body for a request of the API: a personal task, the pacing left out taken from the default. */
const toConsoleBody = (b: z.output<typeof fields>): z.input<typeof massSendCreateBody> => ({
  ...b,
  kind: MassSendKind.personal,
  sentenceInterval: b.sentenceInterval ?? { ...pacing.sentenceInterval },
  customerInterval: b.customerInterval ?? { ...pacing.customerInterval },
  sendCount: b.sendCount ?? { ...pacing.sendCount },
})

/** The create form's own rules (phones need numbers, customers need labels or `all`), checked with the request. */
const createBody = fields.superRefine((b, ctx) => {
  const checked = massSendCreateBody.safeParse(toConsoleBody(b))
  if (!checked.success)
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
})

/**
 * Mass-send tasks through the console's mass-send service, with the key's caller: created as the
 * supervisor's create form makes them (every message through the outbox and its pacing), read,
 * paused, resumed and cancelled, each only in the statuses the console allows it.
 */
export function massSendOperations(d: OperationDeps): Operation[] {
  /** The task with fresh counters; another tenant's is not found. */
  const task = async (caller: Caller, taskId: number): Promise<MassSendTaskView> => {
    const { sentences: _s, accounts: _a, events: _e, ...view } = await d.massSend.detail(caller, taskId)
    return view
  }
  const action = (name: 'pause' | 'resume' | 'cancel', summary: string) =>
    operation({
      method: 'POST',
      path: `/mass-sends/:id/${name}`,
      operationId: `${name}MassSend`,
      summary,
      tag: 'mass-sends',
      scope: ApiScope.massSend,
      params: idParams,
      response: massSendTaskView,
      handler: async ({ principal, params }) => {
        const caller = principal.caller
        if (name === 'pause') await d.massSend.pause(caller, params.id)
        else if (name === 'resume') await d.massSend.resume(caller, params.id)
        else await d.massSend.terminate(caller, params.id)
        return task(caller, params.id)
      },
    })

  return [
    operation({
      method: 'POST',
      path: '/mass-sends',
      operationId: 'createMassSend',
      summary: 'Create a mass send to phones or to labelled customers',
      description:
        'The task prepares its recipients, then runs at once (or at `appointmentAt`); its progress is read with getMassSend, and `mass_send.finished` is announced by webhook.',
      tag: 'mass-sends',
      scope: ApiScope.massSend,
      body: createBody,
      response: massSendTaskView,
      status: 201,
      create: true,
      handler: async ({ principal, body }) => {
        const { id } = await d.massSend.create(
          principal.caller,
          massSendCreateBody.parse(toConsoleBody(body)),
        )
        return task(principal.caller, id)
      },
    }),
    operation({
      method: 'GET',
      path: '/mass-sends/:id',
      operationId: 'getMassSend',
      summary: 'A mass send’s status and counters',
      tag: 'mass-sends',
      scope: ApiScope.massSend,
      params: idParams,
      response: massSendTaskView,
      handler: async ({ principal, params }) => task(principal.caller, params.id),
    }),
    action('pause', 'Pause a running mass send'),
    action('resume', 'Resume a paused mass send where it stopped'),
    action('cancel', 'Stop a mass send for good: recipients not reached yet end cancelled'),
  ]
}
