import type { ChatMessageView } from '@app/core'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeMessage } from '../../../../test/fixtures'
import { renderChat } from '../../../../test/testUtils'
import { FIRST_INDEX } from '../chatState'
import type { ChatHistory } from '../useChatHistory'
import { MessageList } from './MessageList'

vi.mock('../../../../realtime', () => import('../../../../test/testUtils'))

// jsdom lays nothing out: the chat's box is 400 px tall and each message 40 px
const ROW_PX = 40
const BOX_PX = 400
const heightOf = (el: Element) =>
  el.classList.contains('chat-list-scroller')
    ? el.querySelectorAll('[data-message-index]').length * ROW_PX
    : el.hasAttribute('data-message-index')
      ? ROW_PX
      : 0
const layout: Record<string, PropertyDescriptor | undefined> = {}
// a browser reports each watched box's size after its first layout; here at once
const resizeObserver = globalThis.ResizeObserver
class ReportingResizeObserver {
  constructor(private report: ResizeObserverCallback) {}
  observe(target: Element) {
    this.report([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver)
  }
  unobserve() {}
  disconnect() {}
}
beforeAll(() => {
  globalThis.ResizeObserver = ReportingResizeObserver as unknown as typeof ResizeObserver
  for (const key of ['scrollHeight', 'clientHeight', 'offsetHeight', 'offsetTop', 'scrollBy'] as const)
    layout[key] = Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)
  Object.defineProperties(HTMLElement.prototype, {
    // the virtualised list moves its scroller by this
    scrollBy: {
      configurable: true,
      value: function (this: HTMLElement, to: ScrollToOptions) {
        this.scrollTop += to.top ?? 0
      },
    },
    scrollHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return heightOf(this)
      },
    },
    clientHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return this.classList.contains('chat-list-scroller') ? BOX_PX : 0
      },
    },
    offsetHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return heightOf(this)
      },
    },
    offsetTop: {
      configurable: true,
      get: function (this: HTMLElement) {
        return Number(this.getAttribute('data-message-index') ?? 0) * ROW_PX
      },
    },
  })
})
afterAll(() => {
  globalThis.ResizeObserver = resizeObserver
  for (const [key, descriptor] of Object.entries(layout))
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
    else Reflect.deleteProperty(HTMLElement.prototype, key)
})

/** Messages `from`…`to` (ids), oldest first, as the chat holds them. */
const messages = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    makeMessage({ id: from + i, timestamp: 1_000_000 + from + i }),
  )

function historyOf(items: ChatMessageView[], more: Partial<ChatHistory['state']> = {}): ChatHistory {
  return {
    state: { items, firstItemIndex: FIRST_INDEX - items.length, hasMore: false, generation: 1, ...more },
    status: 'ready',
    loadingOlder: false,
    loadOlder: vi.fn(),
    reload: vi.fn(),
    add: vi.fn(),
  }
}

/** The list with a history the test changes as the hook would. */
function renderList(initial: ChatHistory) {
  let setHistory: (h: ChatHistory) => void = () => undefined
  function Chat() {
    const [history, set] = useState(initial)
    setHistory = set
    return (
      <MessageList
        history={history}
        isGroup={false}
        readOnly={false}
        autoTranslate={false}
        onReply={vi.fn()}
      />
    )
  }
  const { unmount } = renderChat(<Chat />)
  return { update: (h: ChatHistory) => act(() => setHistory(h)), unmount }
}

const scroller = () => document.querySelector('.chat-list-scroller') as HTMLElement
const scrollTo = (top: number) => {
  act(() => {
    scroller().scrollTop = top
    fireEvent.scroll(scroller())
  })
}

describe('the chat list', () => {
  it('draws a short chat whole, opened at its newest message', () => {
    const history = historyOf(messages(1, 12))
    renderList(history)
    expect(document.querySelectorAll('[data-testid^="chat-message-"]')).toHaveLength(12)
    expect(screen.queryByTestId('virtuoso-scroller')).toBeNull()
    expect(scroller().scrollTop).toBe(12 * ROW_PX)
    // the top is not in view: nothing older is asked for
    expect(history.loadOlder).not.toHaveBeenCalled()
  })

  it('opens a short chat at its newest message once the browser has laid it out, forcing no layout while drawing', () => {
    /** Size reports held until the test lets the browser lay the page out. */
    const heldReports = () => {
      const reports: (() => void)[] = []
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(private report: () => void) {}
          observe() {
            reports.push(() => this.report())
          }
          disconnect() {}
        },
      )
      return () =>
        act(() => {
          for (const report of reports) report()
        })
    }
    const measured = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get')
    try {
      const layOut = heldReports()
      const history = historyOf(messages(1, 12))
      const { unmount } = renderList(history)
      // drawn, not yet measured
      expect(measured).not.toHaveBeenCalled()
      expect(scroller().scrollTop).toBe(0)
      layOut()
      expect(scroller().scrollTop).toBe(12 * ROW_PX)
      expect(history.loadOlder).not.toHaveBeenCalled()
      unmount()
      // a chat shorter than its box has its top in view once laid out: the page above is asked for
      const layOutShort = heldReports()
      const short = historyOf(messages(1, 3))
      renderList(short)
      expect(short.loadOlder).not.toHaveBeenCalled()
      layOutShort()
      expect(short.loadOlder).toHaveBeenCalled()
    } finally {
      measured.mockRestore()
      vi.unstubAllGlobals()
    }
  })

  it('asks for older messages near the top and keeps the reader where they were when those come', () => {
    const first = historyOf(messages(21, 50), { hasMore: true })
    const { update } = renderList(first)
    scrollTo(60)
    expect(first.loadOlder).toHaveBeenCalled()
    // ten older messages come above: what the reader saw stays in view, ten rows further down
    const items = messages(11, 50)
    update({ ...first, state: { ...first.state, items, firstItemIndex: first.state.firstItemIndex - 10 } })
    expect(scroller().scrollTop).toBe(60 + 10 * ROW_PX)
    expect(screen.getByTestId('chat-message-11')).toBeInTheDocument()
  })

  it('follows a new message at the bottom, and counts those that come while the reader is further up', () => {
    const first = historyOf(messages(1, 20))
    const { update } = renderList(first)
    const withNew = [...first.state.items, makeMessage({ id: 21, timestamp: 2_000_000 })]
    update({ ...first, state: { ...first.state, items: withNew } })
    expect(scroller().scrollTop).toBe(21 * ROW_PX)
    expect(screen.queryByTestId('chat-new-messages')).toBeNull()

    scrollTo(200)
    const later = [...withNew, makeMessage({ id: 22, timestamp: 2_000_001 })]
    update({ ...first, state: { ...first.state, items: later } })
    // the reader stays where they are, and the button tells of the new message
    expect(scroller().scrollTop).toBe(200)
    expect(screen.getByTestId('chat-new-messages')).toHaveTextContent('1')
    fireEvent.click(screen.getByTestId('chat-new-messages'))
    expect(scroller().scrollTop).toBe(22 * ROW_PX)
  })

  it('virtualises a chat that grows past the short size, and keeps it virtualised', () => {
    const first = historyOf(messages(21, 70), { hasMore: true })
    const { update } = renderList(first)
    expect(screen.queryByTestId('virtuoso-scroller')).toBeNull()
    const items = messages(1, 70)
    update({ ...first, state: { ...first.state, items, firstItemIndex: first.state.firstItemIndex - 20 } })
    expect(screen.getByTestId('virtuoso-scroller')).toBeInTheDocument()
    expect(document.querySelector('.chat-list-scroller')).toBeNull()
    // a message deleted does not bring the whole list back (the reader's place would be lost)
    const fewer = items.slice(11)
    update({
      ...first,
      state: { ...first.state, items: fewer, firstItemIndex: first.state.firstItemIndex - 9 },
    })
    expect(screen.getByTestId('virtuoso-scroller')).toBeInTheDocument()
  })

  it('draws a long chat opened afresh virtualised from its first draw: a window of rows, the newest among them', async () => {
    renderList(historyOf(messages(1, 10_000)))
    expect(screen.getByTestId('virtuoso-scroller')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('chat-message-10000')).toBeInTheDocument())
    expect(document.querySelectorAll('[data-testid^="chat-message-"]').length).toBeLessThan(150)
  })
})
