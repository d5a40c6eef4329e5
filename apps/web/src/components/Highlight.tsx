import { Fragment } from 'react'

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Splits `text` around case-insensitive matches of `keyword`; odd indexes are the matches. */
export function splitHighlight(text: string, keyword: string | undefined | null): string[] {
  const k = keyword?.trim()
  if (!k) return [text]
  return text.split(new RegExp(`(${escapeRegExp(k)})`, 'gi'))
}

/** Shows `text` with every case-insensitive occurrence of `keyword` marked (spec §9). */
export function Highlight({ text, keyword }: { text: string; keyword?: string | null }) {
  const parts = splitHighlight(text, keyword)
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string have no other identity
          <mark key={i} className="search-highlight">
            {part}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string have no other identity
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  )
}
