import { tryParseProxy } from '@app/core'
import type { FormRule } from 'antd'
import { i18n } from '../../../../i18n'

/**
 * The product's proxy notation (spec §3), checked in the browser with the parser the server uses
 * (@app/core); the server checks again, this only spares a round trip.
 */
export const isValidProxy = (input: string): boolean => tryParseProxy(input).ok

/** A form rule: empty passes (no proxy, or clear it), anything else must be well formed. */
export const proxyRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    if (value?.trim() && !isValidProxy(value)) throw new Error(i18n.t('account.proxyInvalid'))
  },
}
