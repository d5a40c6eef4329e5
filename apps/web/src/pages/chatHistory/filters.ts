import type { HistoryMessageTypeValue, HistorySearchInput, MessageDirectionValue } from '@app/core'
import type { Dayjs } from 'dayjs'

/** What the search form holds. */
export interface HistoryFormValues {
  accountIds?: number[]
  agentId?: number
  customer?: string
  direction?: MessageDirectionValue
  types?: HistoryMessageTypeValue[]
  range?: [Dayjs | null, Dayjs | null] | null
  keyword?: string
}

/** The filters of a search and an export (no cursor, no page size). */
export type HistoryFilterInput = Omit<HistorySearchInput, 'cursor' | 'pageSize'>

const text = (s: string | undefined) => {
  const v = s?.trim()
  return v ? v : undefined
}

/**
 * The form's values as the API's filters: empty fields left out, trimmed text, and the range as
 * [from, to) in epoch ms, the end's whole second included (the picker shows seconds).
 */
export function toFilters(v: HistoryFormValues): HistoryFilterInput {
  const [start, end] = v.range ?? []
  const f: HistoryFilterInput = {
    accountIds: v.accountIds?.length ? v.accountIds : undefined,
    agentId: v.agentId,
    customer: text(v.customer),
    direction: v.direction,
    types: v.types?.length ? v.types : undefined,
    from: start ? start.startOf('second').valueOf() : undefined,
    to: end ? end.startOf('second').add(1, 'second').valueOf() : undefined,
    keyword: text(v.keyword),
  }
  return Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined)) as HistoryFilterInput
}
