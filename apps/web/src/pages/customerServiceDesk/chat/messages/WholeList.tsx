import type { ChatMessageView } from '@app/core'
import { type ReactNode, type Ref, useCallback, useImperativeHandle, useLayoutEffect, useRef } from 'react'

export interface WholeListHandle {
  toBottom(): void
  /** Brings the message at `index` (0 = the oldest held) to the middle of the view. */
  toIndex(index: number): void
}

interface Props {
  items: ChatMessageView[]
  /** goes down by the count of older messages put above */
  firstItemIndex: number
  header: ReactNode
  /** within this distance of the end the reader counts as at the bottom */
  bottomPx: number
  loadOlder(): void
  onBottomChange(bottom: boolean): void
  /** the id of the topmost message in view whenever the reader is not at the bottom, else null */
  onTopItem(id: number | null): void
  itemContent(index: number, message: ChatMessageView): ReactNode
  scrollerRef(el: HTMLElement | null): void
  ref?: Ref<WholeListHandle>
}

/** Within this distance of the top the page above is asked for. */
const TOP_PX = 120

/**
 * A short chat drawn whole, in one scrolling box: it opens at the newest message, follows new
 * ones while the reader is at the bottom, keeps the reader's place when older ones come above, and
 * asks for them near the top. A short chat needs no virtualiser, and does not pay its set-up and
 * measuring passes when it opens.
 */
export function WholeList(props: Props) {
  const { items, firstItemIndex, header, bottomPx, loadOlder, onBottomChange, onTopItem, itemContent } = props
  const { scrollerRef, ref } = props
  const scroller = useRef<HTMLDivElement | null>(null)
  const rows = useRef<HTMLDivElement | null>(null)
  const atBottom = useRef(true)
  const shown = useRef({ firstItemIndex, height: 0 })
  // whether the browser has laid the chat out once (the rows' first resize report)
  const laidOut = useRef(typeof ResizeObserver === 'undefined')
  const latestLoadOlder = useRef(loadOlder)
  latestLoadOlder.current = loadOlder

  const setScroller = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el
      scrollerRef(el)
    },
    [scrollerRef],
  )

  const toBottom = useCallback(() => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  }, [])

  useImperativeHandle(
    ref,
    () => ({
      toBottom,
      toIndex(index) {
        rows.current
          ?.querySelector(`[data-message-index="${index}"]`)
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' })
      },
    }),
    [toBottom],
  )

  // older messages put above keep what the reader sees where it was; a new one at the end is
  // followed while the reader is at the bottom (and the chat opens there)
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the messages moves the view
  useLayoutEffect(() => {
    const el = scroller.current
    // the chat opens at the newest message once the browser lays it out (below): measured while
    // it is being drawn, it would force that layout early, in the same long task
    if (!el || !laidOut.current) return
    const before = shown.current
    if (firstItemIndex < before.firstItemIndex) el.scrollTop += el.scrollHeight - before.height
    else if (atBottom.current) el.scrollTop = el.scrollHeight
    shown.current = { firstItemIndex, height: el.scrollHeight }
    // a chat shorter than its box has its top in view at once
    if (el.scrollTop <= TOP_PX) loadOlder()
  }, [items, firstItemIndex, loadOlder])

  // media that loads late makes its row taller: a reader at the bottom stays there
  useLayoutEffect(() => {
    const el = rows.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      const box = scroller.current
      if (!box) return
      if (atBottom.current) box.scrollTop = box.scrollHeight
      shown.current.height = box.scrollHeight
      if (laidOut.current) return
      // the first report comes after the first layout and before the first paint: the chat opens
      // at its newest message, and one shorter than its box has its top in view at once
      laidOut.current = true
      if (box.scrollTop <= TOP_PX) latestLoadOlder.current()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const onScroll = () => {
    const el = scroller.current
    if (!el) return
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= bottomPx
    if (bottom !== atBottom.current) {
      atBottom.current = bottom
      onBottomChange(bottom)
    }
    if (bottom) onTopItem(null)
    else {
      const top = [...(rows.current?.children ?? [])].find(
        (row) => (row as HTMLElement).offsetTop + (row as HTMLElement).offsetHeight > el.scrollTop,
      )
      const index = Number(top?.getAttribute('data-message-index'))
      onTopItem(items[index]?.id ?? null)
    }
    if (el.scrollTop <= TOP_PX) loadOlder()
  }

  return (
    <div ref={setScroller} className="chat-list-scroller" tabIndex={0} onScroll={onScroll}>
      {header}
      <div ref={rows}>
        {items.map((m, i) => (
          <div key={m.id} data-message-index={i}>
            {itemContent(firstItemIndex + i, m)}
          </div>
        ))}
      </div>
    </div>
  )
}
