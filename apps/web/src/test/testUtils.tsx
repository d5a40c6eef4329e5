import { Role, type RoleId } from '@app/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { App } from 'antd'
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router'
import { VirtuosoMockContext } from 'react-virtuoso'
import { vi } from 'vitest'
import type { SocketEventName, SocketPayload } from '../realtime'
import { useSession } from '../stores/session'
import { makeUser } from './fixtures'

// antd's tables, selects, auto-sized text areas and ellipsis watch their size, and media previews
// use object URLs: jsdom has neither.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
URL.createObjectURL ??= () => 'blob:preview'
URL.revokeObjectURL ??= () => undefined

/*
 * Stand-ins for the realtime module (`vi.mock('…/realtime', () => import('…/test/testUtils'))`):
 * a test plays the server with `emitSocket` and `reconnectSocket`; `socketEmits` records what the
 * page sent (room joins).
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

/** A signed-in user of `roles` (an agent unless told). */
export function signInAs(roles: RoleId[] = [Role.customerUser]) {
  useSession.setState({ token: 't', user: makeUser({ targetLanguage: 'en' }), roles })
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

/** Render with a fresh query cache, a router and antd's App (for its message and modal). */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter>
        <App>{ui}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** Render a chat: as `renderWithProviders`, with a message list tall enough to show every row. */
export function renderChat(ui: ReactNode) {
  return renderWithProviders(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 3000, itemHeight: 60 }}>
      <div style={{ height: 800 }}>{ui}</div>
    </VirtuosoMockContext.Provider>,
  )
}

/** Render at a desk URL, with a query cache, antd's App and a list tall enough to show every row. */
export function renderAt(element: ReactNode, path: string, routePath = '*') {
  const client = newQueryClient()
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
