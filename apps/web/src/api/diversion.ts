import { counterEndpoints as counters, type DiversionLinkBody, diversionEndpoints as links } from '@app/core'
import { call, urlOf } from './client'
import { backgroundCall } from './request'

export type LinkInput = Omit<DiversionLinkBody, 'utcOffsetMinutes'>

/** The browser's offset from UTC in minutes (east positive), where a day of the daily caps starts. */
const utcOffsetMinutes = () => -new Date().getTimezoneOffset()

export const pageLinks = (body: { pageNo: number; pageSize: number; name?: string }) => call(links.page, body)
export const createLink = (input: LinkInput) =>
  call(links.create, { ...input, utcOffsetMinutes: utcOffsetMinutes() })
export const updateLink = (id: number, input: LinkInput) =>
  call(links.update, { id, ...input, utcOffsetMinutes: utcOffsetMinutes() })
export const setLinkEnabled = (id: number, enabled: boolean) => call(links.enable, { id, enabled })
export const deleteLink = (id: number) => call(links.remove, { id })
export const linkStats = (id: number) => call(links.stats, { id })
export const linkQr = (id: number) => call(links.qr, { id })

/** The path of a link's public page (the server redirects the visitor from it). */
export const visitPath = (code: string): string => urlOf(links.visitPage, { c: code })

/** The public address of a link. */
export const linkUrl = (code: string): string => `${window.location.origin}${visitPath(code)}`

/** A visit to a link through the API, with no sign-in; silent: the page shows why it failed itself. */
export const visitLink = (code: string) => call(links.publicVisit, { c: code }, { silent: true })

export interface CounterInput {
  name: string
  accountIds: number[]
  startAt: number
  endAt: number
}

export const pageCounters = (body: { pageNo: number; pageSize: number }) => call(counters.page, body)
export const createCounter = (input: CounterInput) => call(counters.create, input)
export const updateCounter = (id: number, input: CounterInput) => call(counters.update, { id, ...input })
export const deleteCounter = (id: number) => call(counters.remove, { id })
/** A live refresh: no duplicate guard, no toast. */
export const counterTally = (id: number) => call(counters.tally, { id }, backgroundCall)
export const shareCounter = (id: number, expiresAt: number | null) => call(counters.share, { id, expiresAt })
export const revokeCounter = (id: number) => call(counters.revoke, { id })
/** The tally behind a share code, with no sign-in; the page shows an invalid code itself. */
export const publicCounterTally = (code: string) => call(counters.publicTally, { c: code }, backgroundCall)
export const counterShareUrl = (code: string): string =>
  `${window.location.origin}/counterShare?c=${encodeURIComponent(code)}`

export const pageInteractions = (body: { pageSize: number; before?: { repliedAt: number; id: number } }) =>
  call(links.interactions, body)
