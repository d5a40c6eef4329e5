import {
  CounterPath,
  type CounterTally,
  type CounterView,
  type DiversionLinkBody,
  type DiversionLinkStats,
  type DiversionLinkView,
  DiversionPath,
  type InteractionPage,
  InteractionPath,
  type Page,
} from '@app/core'
import { backgroundCall, dataOf, http } from './request'

export type LinkInput = Omit<DiversionLinkBody, 'utcOffsetMinutes'>

/** The browser's offset from UTC in minutes (east positive), where a day of the daily caps starts. */
const utcOffsetMinutes = () => -new Date().getTimezoneOffset()

export const pageLinks = (body: { pageNo: number; pageSize: number; name?: string }) =>
  dataOf(http.post<Page<DiversionLinkView>>(DiversionPath.page, body))
export const createLink = (input: LinkInput) =>
  dataOf(
    http.post<DiversionLinkView>(DiversionPath.create, { ...input, utcOffsetMinutes: utcOffsetMinutes() }),
  )
export const updateLink = (id: number, input: LinkInput) =>
  dataOf(
    http.put<DiversionLinkView>(DiversionPath.update, { id, ...input, utcOffsetMinutes: utcOffsetMinutes() }),
  )
export const setLinkEnabled = (id: number, enabled: boolean) =>
  dataOf(http.put<null>(DiversionPath.enable, { id, enabled }))
export const deleteLink = (id: number) => dataOf(http.delete<null>(DiversionPath.remove, { id }))
export const linkStats = (id: number) => dataOf(http.get<DiversionLinkStats>(DiversionPath.stats, { id }))
export const linkQr = (id: number) => dataOf(http.get<{ dataUrl: string }>(DiversionPath.qr, { id }))

/** The public address of a link. */
export const linkUrl = (code: string): string => `${window.location.origin}/s?c=${encodeURIComponent(code)}`

export interface CounterInput {
  name: string
  accountIds: number[]
  startAt: number
  endAt: number
}

export const pageCounters = (body: { pageNo: number; pageSize: number }) =>
  dataOf(http.post<Page<CounterView>>(CounterPath.page, body))
export const createCounter = (input: CounterInput) =>
  dataOf(http.post<CounterView>(CounterPath.create, input))
export const updateCounter = (id: number, input: CounterInput) =>
  dataOf(http.put<CounterView>(CounterPath.update, { id, ...input }))
export const deleteCounter = (id: number) => dataOf(http.delete<null>(CounterPath.remove, { id }))
/** A live refresh: no duplicate guard, no toast. */
export const counterTally = (id: number) =>
  dataOf(http.get<CounterTally>(CounterPath.tally, { id }, backgroundCall))
export const shareCounter = (id: number, expiresAt: number | null) =>
  dataOf(http.post<CounterView>(CounterPath.share, { id, expiresAt }))
export const revokeCounter = (id: number) => dataOf(http.put<null>(CounterPath.revoke, { id }))
/** The tally behind a share code, with no sign-in; the page shows an invalid code itself. */
export const publicCounterTally = (code: string) =>
  dataOf(http.get<CounterTally>(CounterPath.publicTally, { c: code }, backgroundCall))
export const counterShareUrl = (code: string): string =>
  `${window.location.origin}/counterShare?c=${encodeURIComponent(code)}`

export const pageInteractions = (body: { pageSize: number; before?: { repliedAt: number; id: number } }) =>
  dataOf(http.post<InteractionPage>(InteractionPath.page, body))
