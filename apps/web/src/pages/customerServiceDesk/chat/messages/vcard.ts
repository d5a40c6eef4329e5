/** A contact card as the chat shows it. */
export interface ContactCard {
  name: string
  phones: string[]
}

/** Unfold continued lines (RFC 6350 §3.2) and split into content lines. */
const linesOf = (vcard: string) =>
  vcard
    .replace(/\r\n[ \t]/g, '')
    .replace(/\n[ \t]/g, '')
    .split(/\r?\n/)

const unescapeValue = (v: string) => v.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ')

/** The name (FN, else N) and phone numbers (TEL, the waid when given) of a vCard. */
export function parseVcard(vcard: string): ContactCard {
  let name = ''
  let structured = ''
  const phones: string[] = []
  for (const line of linesOf(vcard)) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const head = line.slice(0, colon).toUpperCase()
    const value = line.slice(colon + 1).trim()
    const prop = head.split(';')[0]?.replace(/^ITEM\d+\./, '')
    if (prop === 'FN') name = unescapeValue(value)
    else if (prop === 'N') structured = unescapeValue(value.split(';').filter(Boolean).reverse().join(' '))
    else if (prop === 'TEL') {
      const waid = /WAID=(\d+)/.exec(head)?.[1]
      const phone = value || (waid ? `+${waid}` : '')
      if (phone) phones.push(phone)
    }
  }
  return { name: name || structured, phones }
}

/** The cards of a contacts message (`meta.vcards`). */
export function cardsOf(meta: Record<string, unknown>): ContactCard[] {
  const vcards = Array.isArray(meta.vcards) ? meta.vcards : []
  return vcards.filter((v): v is string => typeof v === 'string').map(parseVcard)
}
