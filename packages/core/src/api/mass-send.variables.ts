/**
 * The variables of a mass-send text sentence (or caption), filled per recipient when sent:
 * `{nickname}` the customer's nickname (else their WhatsApp name, else empty), `{phone}` their
 * number, `{account}` the sending WS account's number. A variable may carry a fallback written
 * after a bar, `{nickname|friend}`, used when the recipient's value is empty.
 */

/** Each recipient's values of the variables. */
export interface MassSendVariableValues {
  nickname: string
  phone: string
  account: string
}
export type MassSendVariable = keyof MassSendVariableValues

const NAMES: readonly MassSendVariable[] = ['nickname', 'phone', 'account']

/** Variables a text sentence (or caption) may hold, as written without a fallback. */
export const MASS_SEND_VARIABLES: readonly string[] = NAMES.map((name) => `{${name}}`)

/** Variables some recipients have no value for: a customer with neither nickname nor WhatsApp name. */
const MAY_BE_EMPTY: readonly MassSendVariable[] = ['nickname']

// `{name}` or `{name|fallback}`: a known name, then an optional fallback without braces. Any other
// braces (an unknown name, a space inside) are text and stay as written.
const VARIABLE = new RegExp(`\\{(${NAMES.join('|')})(?:\\|([^{}]*))?\\}`, 'g')

/**
 * Fill a sentence's variables for one recipient. `{var|fallback}` gives the fallback when the
 * recipient's value is empty (or only spaces); a variable without one gives the value as it is.
 */
export function fillMassSendVariables(text: string, v: MassSendVariableValues): string {
  return text.replace(VARIABLE, (_match, name: MassSendVariable, fallback: string | undefined) => {
    const value = v[name]
    return fallback !== undefined && value.trim() === '' ? fallback : value
  })
}

/**
 * The variables of `text`, in order of first use, that some recipients have no value for and
 * that are written without a fallback somewhere: those recipients would get a gap in the text.
 */
export function variablesWithoutFallback(text: string): MassSendVariable[] {
  const found = new Set<MassSendVariable>()
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1] as MassSendVariable
    if (m[2] === undefined && MAY_BE_EMPTY.includes(name)) found.add(name)
  }
  return [...found]
}
