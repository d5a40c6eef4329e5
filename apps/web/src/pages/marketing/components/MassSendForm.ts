import {
  type FanSourceValue,
  MASS_SEND_WAIT_DEFAULT,
  MassSendAudience,
  type MassSendAudienceValue,
  type MassSendCreateBody,
  MassSendKind,
  type MassSendKindValue,
  MassSendMethod,
  type MassSendMethodValue,
  type MassSendSentenceInput,
  type MaterialView,
  massSendCreateBody,
  type PhoneListResult,
} from '@app/core'
import type { FormRule } from 'antd'
import type { Dayjs } from 'dayjs'
import type { MaterialFormValues } from '../../../components/material/materialForm'
import { validationText } from '../../../i18n'

/** A range of whole seconds (or of recipients) as its two inputs hold it. */
export interface RangeValue {
  min: number | null
  max: number | null
}

/**
 * One sentence of the list: what is sent, and what the editor needs to show and change it (the
 * fields it was written with, or the material picked).
 */
export interface SentenceDraft {
  key: string
  sentence: MassSendSentenceInput
  values?: MaterialFormValues
  material?: MaterialView
}

/** The new-task form's fields; their names follow the body's, so the contract's issues land on them. */
export interface MassSendFormValues {
  name: string
  kind: MassSendKindValue
  audience: {
    type: MassSendAudienceValue
    phones?: PhoneListResult | null
    all?: boolean
    includeLabelIds?: number[]
    excludeLabelIds?: number[]
    country?: string
    source?: FanSourceValue
    groupChatIds?: number[]
  }
  accountIds: number[]
  method: MassSendMethodValue
  waitTimeout: number | null
  sentences: SentenceDraft[]
  sentenceInterval: RangeValue
  customerInterval: RangeValue
  sendCount: RangeValue
  dailyCap: number | null
  appointmentAt: Dayjs | null
}

/** Where a new form starts: pacing a WhatsApp number can bear (every delay in seconds, spec §9). */
export function initialMassSendValues(audience: MassSendAudienceValue): MassSendFormValues {
  return {
    name: '',
    kind: audience === MassSendAudience.groups ? MassSendKind.group : MassSendKind.personal,
    audience: { type: audience, phones: null, all: false, includeLabelIds: [], excludeLabelIds: [] },
    accountIds: [],
    method: MassSendMethod.oneByOne,
    waitTimeout: MASS_SEND_WAIT_DEFAULT,
    sentences: [],
    sentenceInterval: { min: 3, max: 8 },
    customerInterval: { min: 30, max: 60 },
    sendCount: { min: 10, max: 20 },
    dailyCap: 0,
    appointmentAt: null,
  }
}

const num = (v: number | null | undefined) => (v === null ? undefined : v)
const range = (r: RangeValue | undefined) => ({ min: num(r?.min), max: num(r?.max) })

function audienceOf(a: MassSendFormValues['audience']): unknown {
  switch (a.type) {
    case MassSendAudience.strangers:
      return { type: a.type, phones: a.phones?.phones ?? [] }
    case MassSendAudience.customers: {
      const country = a.country?.trim()
      return {
        type: a.type,
        all: !!a.all,
        includeLabelIds: a.all ? [] : (a.includeLabelIds ?? []),
        excludeLabelIds: a.excludeLabelIds ?? [],
        ...(country ? { country } : {}),
        ...(a.source ? { source: a.source } : {}),
      }
    }
    default:
      return { type: a.type, groupChatIds: a.groupChatIds ?? [] }
  }
}

/** The fields as the create body, before the contract's schema reads it. */
export function rawBody(v: MassSendFormValues, utcOffsetMinutes = -new Date().getTimezoneOffset()) {
  const waits = v.method !== MassSendMethod.oneByOne
  return {
    name: v.name,
    kind: v.kind,
    method: v.method,
    audience: audienceOf(v.audience),
    // groups: each group chat belongs to one account, the accounts are not asked for
    accountIds: v.audience.type === MassSendAudience.groups ? [] : v.accountIds,
    sentences: v.sentences.map((d) => d.sentence),
    sentenceInterval: range(v.sentenceInterval),
    customerInterval: range(v.customerInterval),
    sendCount: range(v.sendCount),
    dailyCap: num(v.dailyCap) ?? 0,
    ...(waits ? { waitTimeout: num(v.waitTimeout) } : {}),
    appointmentAt: v.appointmentAt ? v.appointmentAt.valueOf() : null,
    utcOffsetMinutes,
  }
}

export interface FieldIssue {
  name: (string | number)[]
  message: string
}

const RANGES = ['sentenceInterval', 'customerInterval', 'sendCount']

/** The form fields that show an issue, by the body path they stand for. */
const FIELDS: (string | number)[][] = [
  ['name'],
  ['kind'],
  ['method'],
  ['waitTimeout'],
  ['accountIds'],
  ['sentences'],
  ['dailyCap'],
  ['appointmentAt'],
  ['audience', 'type'],
  ['audience', 'phones'],
  ['audience', 'includeLabelIds'],
  ['audience', 'excludeLabelIds'],
  ['audience', 'country'],
  ['audience', 'source'],
  ['audience', 'groupChatIds'],
  ...RANGES.flatMap((r) => [[r, 'min'], [r, 'max'], [r]]),
]

/** The field an issue of the body belongs to: the longest field path its path starts with. */
function fieldOfPath(path: readonly PropertyKey[]): (string | number)[] {
  let best: (string | number)[] | null = null
  for (const field of FIELDS) {
    if (field.length > path.length || (best && field.length <= best.length)) continue
    if (field.every((p, i) => p === path[i])) best = field
  }
  const head = String(path[0] ?? 'name')
  // an audience refused as a whole shows under its type; a range under its first input
  if (!best) return head === 'audience' ? ['audience', 'type'] : [head]
  if (best.length === 1 && RANGES.includes(head)) return [head, 'min']
  return best
}

/**
 * Read the fields with the contract's schema: the body to send, or every issue on its field (one
 * per field, the first), each message a validation key of @app/core.
 */
export function parseMassSendForm(
  v: MassSendFormValues,
  utcOffsetMinutes?: number,
): { ok: true; body: MassSendCreateBody } | { ok: false; issues: FieldIssue[] } {
  const parsed = massSendCreateBody.safeParse(rawBody(v, utcOffsetMinutes))
  if (parsed.success) return { ok: true, body: parsed.data }
  const seen = new Set<string>()
  const issues: FieldIssue[] = []
  for (const issue of parsed.error.issues) {
    const name = fieldOfPath(issue.path)
    const id = name.join('.')
    if (seen.has(id)) continue
    seen.add(id)
    issues.push({ name, message: issue.message })
  }
  return { ok: false, issues }
}

/** A key of the fields that changes when any of them does (the phones by identity: 100,000 of them). */
function valuesKey(v: MassSendFormValues): string {
  return JSON.stringify({ ...v, audience: { ...v.audience, phones: v.audience?.phones?.lines ?? null } })
}

/**
 * Form rules that check each field with the contract's create schema: the form refuses exactly
 * what the endpoint refuses, with its message. The last reading is kept while nothing changed, so
 * checking every field reads the body once.
 */
export function contractRules(read: () => MassSendFormValues) {
  let last: { key: string; phones: unknown; result: ReturnType<typeof parseMassSendForm> } | null = null
  const check = () => {
    const v = read()
    const key = valuesKey(v)
    if (!last || last.key !== key || last.phones !== v.audience?.phones) {
      last = { key, phones: v.audience?.phones, result: parseMassSendForm(v) }
    }
    return last.result
  }
  return (name: (string | number)[]): FormRule => ({
    validator: async () => {
      const result = check()
      if (result.ok) return
      const issue = result.issues.find((i) => i.name.join('.') === name.join('.'))
      if (issue) throw new Error(validationText(issue.message))
    },
  })
}
