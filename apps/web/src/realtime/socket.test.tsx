import { SOCKET_PATH } from '@app/core'
import { act, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../stores/session'
import { resetSocket } from './socket'
import { useSocketConnected, useSocketEvent, useSocketReconnect } from './useSocketEvent'

type Handler = (...args: unknown[]) => void

/** A stand-in for a Socket.IO client socket: records handlers, lets the test play the server. */
class FakeSocket {
  handlers = new Map<string, Handler[]>()
  anyHandlers: Handler[] = []
  disconnected = false
  constructor(readonly opts: { path: string; auth: { token: string }; forceNew: boolean }) {}
  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn])
    return this
  }
  onAny(fn: Handler) {
    this.anyHandlers.push(fn)
    return this
  }
  disconnect() {
    this.disconnected = true
    this.fire('disconnect', 'io client disconnect')
    return this
  }
  /** lifecycle events go to `on` handlers, server events to `onAny` ones (as Socket.IO does) */
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args)
  }
  push(event: string, payload: unknown) {
    for (const fn of this.anyHandlers) fn(event, payload)
  }
}

const sockets: FakeSocket[] = []
vi.mock('socket.io-client', () => ({
  io: (opts: FakeSocket['opts']) => {
    const s = new FakeSocket(opts)
    sockets.push(s)
    return s
  },
}))

const status = (accountId: number) => ({
  accountId,
  phone: '8613800000001',
  status: 'online' as const,
  abnormalReason: null,
  bannedAt: null,
  restrictedUntil: null,
})

function Listener({ onReconnect }: { onReconnect?: () => void }) {
  const [seen, setSeen] = useState<number[]>([])
  useSocketEvent('account.status', (e) => setSeen((s) => [...s, e.accountId]))
  useSocketReconnect(() => onReconnect?.())
  const connected = useSocketConnected()
  return (
    <div>
      <span data-testid="seen">{seen.join(',')}</span>
      <span data-testid="connected">{String(connected)}</span>
    </div>
  )
}

beforeEach(() => {
  sockets.length = 0
  useSession.setState({ token: 'tok-1' })
})
afterEach(() => {
  resetSocket()
  useSession.setState({ token: undefined })
})

describe('realtime socket', () => {
  it('opens one socket with the token, shared by every listener, and delivers events', () => {
    render(
      <>
        <Listener />
        <Listener />
      </>,
    )
    expect(sockets).toHaveLength(1)
    expect(sockets[0]?.opts).toMatchObject({ path: SOCKET_PATH, auth: { token: 'tok-1' } })
    act(() => sockets[0]?.fire('connect'))
    act(() => sockets[0]?.push('account.status', status(7)))
    act(() => sockets[0]?.push('message.new', { message: {}, session: {} }))
    expect(screen.getAllByTestId('seen').map((e) => e.textContent)).toEqual(['7', '7'])
    expect(screen.getAllByTestId('connected')[0]).toHaveTextContent('true')
  })

  it('opens nothing while signed out', () => {
    useSession.setState({ token: undefined })
    render(<Listener />)
    expect(sockets).toHaveLength(0)
  })

  it('closes on sign-out and opens a new socket for a new token, keeping the listeners', () => {
    render(<Listener />)
    const first = sockets[0]
    act(() => first?.fire('connect'))
    act(() => useSession.setState({ token: undefined }))
    expect(first?.disconnected).toBe(true)
    expect(screen.getByTestId('connected')).toHaveTextContent('false')
    expect(sockets).toHaveLength(1)
    act(() => useSession.setState({ token: 'tok-2' }))
    expect(sockets).toHaveLength(2)
    expect(sockets[1]?.opts.auth).toEqual({ token: 'tok-2' })
    act(() => sockets[1]?.push('account.status', status(9)))
    expect(screen.getByTestId('seen')).toHaveTextContent('9')
  })

  it('tells reconnect listeners when a dropped connection comes back, not on the first connect', () => {
    const onReconnect = vi.fn()
    render(<Listener onReconnect={onReconnect} />)
    const s = sockets[0]
    act(() => s?.fire('connect'))
    expect(onReconnect).not.toHaveBeenCalled()
    act(() => s?.fire('disconnect', 'transport close'))
    expect(screen.getByTestId('connected')).toHaveTextContent('false')
    act(() => s?.fire('connect'))
    expect(onReconnect).toHaveBeenCalledTimes(1)
  })

  it('stops calling a handler once its component unmounts', () => {
    const view = render(<Listener />)
    view.unmount()
    render(<Listener />)
    act(() => sockets[0]?.push('account.status', status(3)))
    expect(screen.getAllByTestId('seen')).toHaveLength(1)
    expect(screen.getByTestId('seen')).toHaveTextContent('3')
    expect(sockets).toHaveLength(1)
  })
})
