import './placeholder.css'

/**
 * A grey block of the size of a part whose code is still loading (a button, a field): one element,
 * where antd's skeleton is a component of its own whose styles antd takes out of the page when the
 * last one goes, making the browser work out the page's styles again.
 */
export function Placeholder({
  width,
  height,
  block,
}: {
  /** pixels, or a share of the row ('60%') */
  width?: number | string
  height: number
  block?: boolean
}) {
  return (
    <span
      className={block ? 'app-placeholder app-placeholder-block' : 'app-placeholder'}
      style={{ width, height }}
      aria-hidden
    />
  )
}

/**
 * Grey lines where a panel of text is loading (a customer's details, a group's members), as antd's
 * paragraph skeleton draws them: a short title line, then `rows` lines, the last one shorter.
 */
export function PlaceholderLines({ rows }: { rows: number }) {
  return (
    <div className="app-placeholder-lines" aria-hidden>
      <Placeholder height={16} width="38%" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical lines
        <Placeholder key={i} height={16} block width={i === rows - 1 ? '61%' : undefined} />
      ))}
    </div>
  )
}
