import type { DeskSessionView, MessageView } from '@app/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { App } from 'antd'
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { VirtuosoMockContext } from 'react-virtuoso'
import type { SocketEventName, SocketPayload } from '../../realtime'

// antd watches sizes; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/**
 * Stand-ins for the realtime hooks (`vi.mock('…/realtime', () => import('…/testUtils'))`): a
 * test plays the server with `emitSocket`.
 */
const handlers = new Map<string, Set<(payload: unknown) => void>>()

export function useSocketEvent<E extends SocketEventName>(event: E, handler: (p: SocketPayload<E>) => void) {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    const fn = (p: unknown) => latest.current(p as SocketPayload<E>)
    const set = handlers.get(event) ?? new Set()
    handlers.set(event, set)
    set.add(fn)
    return () => {
      set.delete(fn)
    }
  }, [event])
}
export const useSocketReconnect = (_handler: () => void) => undefined
export const useSocketConnected = () => true

export function emitSocket<E extends SocketEventName>(event: E, payload: SocketPayload<E>) {
  for (const fn of [...(handlers.get(event) ?? [])]) fn(payload)
}

/** Render at a desk URL, with a query cache, antd's App and a list tall enough to show every row. */
export function renderAt(element: ReactNode, path: string, routePath = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '/home', element: <div data-testid="home">home</div> },
    ],
    { initialEntries: [path] },
  )
  const view = render(
    <QueryClientProvider client={client}>
      <VirtuosoMockContext.Provider value={{ viewportHeight: 3000, itemHeight: 72 }}>
        <App>
          <RouterProvider router={router} />
        </App>
      </VirtuosoMockContext.Provider>
    </QueryClientProvider>,
  )
  return { ...view, router, client }
}

export function makeSession(overrides: Partial<DeskSessionView> = {}): DeskSessionView {
  return {
    id: 1,
    accountId: 7,
    type: 'personal',
    fanId: 11,
    groupChatId: null,
    jid: '447700900001@s.whatsapp.net',
    title: 'Alice',
    lastActivityAt: Date.now() - 60_000,
    lastMessage: 'hello',
    unreadCount: 0,
    pinned: false,
    blocked: false,
    dnd: false,
    aiReply: false,
    invalid: false,
    agentUserId: null,
    awaitingReplySince: null,
    fanPhone: '447700900001',
    fanRemark: '',
    massSendEnabled: true,
    accountPhone: '8613800000001',
    accountStatus: 'online',
    risk: 'none',
    ...overrides,
  }
}

export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 100,
    sessionId: 1,
    accountId: 7,
    waMessageId: 'W1',
    fromMe: false,
    senderJid: '447700900001@s.whatsapp.net',
    type: 'text',
    body: 'hi',
    mediaId: null,
    meta: {},
    quoted: null,
    status: 'sent',
    delivery: 'none',
    failureReason: null,
    timestamp: Date.now(),
    ...overrides,
  }
}
