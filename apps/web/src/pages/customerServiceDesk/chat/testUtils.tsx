import { type ChatMessageView, type DeskSessionView, Role, type RoleId } from '@app/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { App } from 'antd'
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { MemoryRouter } from 'react-router'
import { VirtuosoMockContext } from 'react-virtuoso'
import { vi } from 'vitest'
import type { SocketEventName, SocketPayload } from '../../../realtime'
import { useSession } from '../../../stores/session'
import { makeUser } from '../../../test/fixtures'

// antd and the list watch their size; jsdom has neither ResizeObserver nor object URLs.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
URL.createObjectURL ??= () => 'blob:chat-media'
URL.revokeObjectURL ??= () => undefined

/**
 * Stand-ins for the realtime module (`vi.mock('…/realtime', () => import('./testUtils'))`): a
 * test plays the server with `emitSocket` and `reconnectSocket`; `socketEmits` records what the
 * chat sent (room joins).
 */
const handlers = new Map<string, Set<(payload: unknown) => void>>()
const reconnects = new Set<() => void>()
export const socketEmits = vi.fn()

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

export function useSocketReconnect(handler: () => void) {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    const fn = () => latest.current()
    reconnects.add(fn)
    return () => {
      reconnects.delete(fn)
    }
  }, [])
}

export const useSocketConnected = () => true
export const getSocket = () => ({ emit: socketEmits })

export function emitSocket<E extends SocketEventName>(event: E, payload: SocketPayload<E>) {
  for (const fn of [...(handlers.get(event) ?? [])]) fn(payload)
}

export function reconnectSocket() {
  for (const fn of [...reconnects]) fn()
}

export function signInAs(roles: RoleId[] = [Role.customerUser]) {
  useSession.setState({ token: 't', user: makeUser({ targetLanguage: 'en' }), roles })
}

export function renderChat(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <VirtuosoMockContext.Provider value={{ viewportHeight: 3000, itemHeight: 60 }}>
            <div style={{ height: 800 }}>{ui}</div>
          </VirtuosoMockContext.Provider>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

export function makeSession(overrides: Partial<DeskSessionView> = {}): DeskSessionView {
  return {
    id: 7,
    accountId: 1,
    type: 'personal',
    fanId: 3,
    groupChatId: null,
    jid: '8613911110001@s.whatsapp.net',
    title: 'Wang',
    lastActivityAt: Date.UTC(2026, 0, 5, 9),
    lastMessage: '',
    unreadCount: 0,
    pinned: false,
    blocked: false,
    dnd: false,
    aiReply: false,
    invalid: false,
    agentUserId: 10,
    awaitingReplySince: null,
    fanPhone: '8613911110001',
    fanRemark: '',
    massSendEnabled: true,
    accountPhone: '8613700000042',
    accountStatus: 'online',
    risk: 'none',
    ...overrides,
  }
}

let nextId = 100

/** A chat message of session 7; ids count up so later messages are newer. */
export function makeMessage(overrides: Partial<ChatMessageView> = {}): ChatMessageView {
  nextId += 1
  const id = overrides.id ?? nextId
  return {
    id,
    sessionId: 7,
    accountId: 1,
    waMessageId: `WA${id}`,
    fromMe: false,
    senderJid: '8613911110001@s.whatsapp.net',
    type: 'text',
    body: `message ${id}`,
    mediaId: null,
    meta: {},
    quoted: null,
    status: 'sent',
    delivery: 'none',
    failureReason: null,
    timestamp: Date.now() - 60_000 + id,
    mediaUrl: null,
    quotedMessage: null,
    reactions: [],
    requestedBy: null,
    ...overrides,
  }
}
