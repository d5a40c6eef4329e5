import type { WsAccountView } from '@app/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { App } from 'antd'
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { MemoryRouter } from 'react-router'
import type { SocketEventName, SocketPayload } from '../../realtime'

// antd's tables, selects and ellipsis watch their size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/**
 * Stand-ins for the realtime hooks (`vi.mock('…/realtime', () => import('…/testUtils'))`):
 * a test plays the server with `emitSocket`.
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

export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{ui}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

export function makeAccount(overrides: Partial<WsAccountView> = {}): WsAccountView {
  return {
    id: 1,
    phone: '8613800000001',
    groupId: null,
    groupName: null,
    type: 'personal',
    status: 'online',
    abnormalReason: null,
    bannedAt: null,
    restrictedUntil: null,
    remark: '',
    proxy: '',
    ipArea: '',
    customerCount: 0,
    sessionCount: 0,
    agentUserId: null,
    agentName: null,
    linked: true,
    createdAt: Date.UTC(2026, 0, 5),
    ...overrides,
  }
}
