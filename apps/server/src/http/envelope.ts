import type { Envelope } from '@app/core'

/** A success envelope. Every handler answers through this. */
export function ok<T>(data: T): Envelope<T> {
  return { code: 0, msg: '', data }
}
