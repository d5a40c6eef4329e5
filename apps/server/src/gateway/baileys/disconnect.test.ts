import { describe, expect, it } from 'vitest'
import { classifyDisconnect } from './disconnect.js'

describe('classifyDisconnect', () => {
  const c = (code: number | undefined, msg?: string) => classifyDisconnect(code, msg)

  it('reconnects at once after pairing (515)', () => {
    expect(c(515, 'Stream Errored (restart required)')).toEqual({
      kind: 'restart_required',
      terminal: false,
      wipeAuth: false,
    })
  })
  it('treats 401 as device removed: terminal, wipe auth', () => {
    expect(c(401, 'Intentional Logout')).toEqual({ kind: 'logged_out', terminal: true, wipeAuth: true })
  })
  it('treats 403, 402 and 406 as banned, keeping auth for audit', () => {
    for (const code of [403, 402, 406])
      expect(c(code)).toEqual({ kind: 'banned', terminal: true, wipeAuth: false })
  })
  it('treats 440 as pushed out by another session', () => {
    expect(c(440, 'Stream Errored (conflict)')).toEqual({ kind: 'replaced', terminal: true, wipeAuth: false })
  })
  it('treats 405 as a client version WhatsApp refuses, not as an unknown close', () => {
    expect(c(405, 'Connection Failure')).toEqual({
      kind: 'client_outdated',
      terminal: false,
      wipeAuth: false,
    })
  })
  it('treats 411 as a session that needs re-linking', () => {
    expect(c(411)).toEqual({ kind: 'bad_session', terminal: true, wipeAuth: false })
  })
  it('retries a 500 as bad session (caller caps at 3) and never wipes auth', () => {
    expect(c(500, 'Stream Errored (bad-mac)')).toEqual({
      kind: 'bad_session',
      terminal: false,
      wipeAuth: false,
    })
  })
  it('recognises a failing proxy behind a 500 or 408', () => {
    expect(c(500, 'WebSocket Error (Proxy connection failed)').kind).toBe('proxy_error')
    expect(c(408, 'WebSocket Error (socks connection timed out)').kind).toBe('proxy_error')
    expect(c(undefined, 'tunneling socket could not be established').kind).toBe('proxy_error')
  })
  it('stops when the QR refs run out (408) and drops the half-made creds', () => {
    expect(c(408, 'QR refs attempts ended')).toEqual({ kind: 'qr_expired', terminal: true, wipeAuth: true })
  })
  it('retries lost connections with backoff (408, 428, 503, DNS errors)', () => {
    for (const code of [408, 428, 503])
      expect(c(code, 'Connection Terminated')).toEqual({
        kind: 'connection_lost',
        terminal: false,
        wipeAuth: false,
      })
    expect(c(undefined, 'getaddrinfo ENOTFOUND web.whatsapp.com').kind).toBe('connection_lost')
    expect(c(429).kind).toBe('connection_lost')
  })
  it('retries anything unknown', () => {
    expect(c(undefined, 'weird')).toEqual({ kind: 'unknown', terminal: false, wipeAuth: false })
    expect(c(499).kind).toBe('unknown')
  })
})
