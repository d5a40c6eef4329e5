import { describe, expect, it } from 'vitest'
import { toAccountState, toFailureReason } from './account-state.js'
import { isStatusAdvance } from './delivery.js'
import type { AccountStatus, DisconnectKind } from './messaging-gateway.js'

const closed = (reason: DisconnectKind, at = 1_000): AccountStatus => ({
  state: 'closed',
  reason,
  canResume: false,
  at,
})

describe('toAccountState', () => {
  it('is offline without a status', () => {
    expect(toAccountState(undefined)).toEqual({ state: 'offline' })
  })

  it('is logging in while connecting or waiting for a QR scan or pairing code', () => {
    expect(toAccountState({ state: 'connecting' })).toEqual({ state: 'logging_in' })
    expect(toAccountState({ state: 'awaiting_qr', qr: 'x', qrDataUrl: 'data:', expiresAt: 1 })).toEqual({
      state: 'logging_in',
    })
    expect(toAccountState({ state: 'awaiting_pairing_code', code: 'ABCD1234', phone: '1' })).toEqual({
      state: 'logging_in',
    })
  })

  it('is online when open, carrying the time-lock end', () => {
    expect(toAccountState({ state: 'open', me: {} })).toEqual({ state: 'online' })
    expect(toAccountState({ state: 'open', me: {}, restriction: { until: 5 } })).toEqual({
      state: 'online',
      restrictedUntil: 5,
    })
    expect(toAccountState({ state: 'open', me: {}, restriction: {} })).toEqual({
      state: 'online',
      restrictedUntil: 0,
    })
  })

  it('is abnormal while reconnecting: key error for 500s, network fault otherwise', () => {
    const r = (reason: DisconnectKind): AccountStatus => ({
      state: 'reconnecting',
      attempt: 1,
      reason,
      retryAt: 0,
    })
    expect(toAccountState(r('connection_lost'))).toEqual({ state: 'abnormal', reason: 'network_fault' })
    expect(toAccountState(r('proxy_error'))).toEqual({ state: 'abnormal', reason: 'network_fault' })
    expect(toAccountState(r('bad_session'))).toEqual({ state: 'abnormal', reason: 'key_error' })
    // refused for the client version after the retry with the newest: waiting for an update
    expect(toAccountState(r('client_outdated'))).toEqual({ state: 'abnormal', reason: 'update_required' })
  })

  it('maps terminal closes to the spec states', () => {
    expect(toAccountState(closed('banned', 42))).toEqual({ state: 'banned', bannedAt: 42 })
    expect(toAccountState(closed('replaced'))).toEqual({ state: 'abnormal', reason: 'pushed_out' })
    expect(toAccountState(closed('logged_out'))).toEqual({ state: 'abnormal', reason: 'device_removed' })
    expect(toAccountState(closed('bad_session'))).toEqual({ state: 'abnormal', reason: 'key_error' })
    expect(toAccountState(closed('connection_lost'))).toEqual({ state: 'abnormal', reason: 'network_fault' })
    expect(toAccountState(closed('intentional'))).toEqual({ state: 'offline' })
    expect(toAccountState(closed('qr_expired'))).toEqual({ state: 'offline' })
    expect(toAccountState(closed('login_failed'))).toEqual({ state: 'offline' })
  })
})

describe('toFailureReason', () => {
  it('maps gateway errors to the spec failure reasons', () => {
    expect(toFailureReason('restricted')).toBe('ws_send_limit_reached')
    expect(toFailureReason('not_on_whatsapp')).toBe('invalid_customer')
    expect(toFailureReason('banned')).toBe('ws_ban')
    expect(toFailureReason('not_connected')).toBe('account_status')
    expect(toFailureReason('rate_limited')).toBe('platform_limit')
  })
})

describe('isStatusAdvance', () => {
  it('only moves forward', () => {
    expect(isStatusAdvance(undefined, 'server_ack')).toBe(true)
    expect(isStatusAdvance('server_ack', 'read')).toBe(true)
    expect(isStatusAdvance('read', 'delivered')).toBe(false)
    expect(isStatusAdvance('read', 'read')).toBe(false)
    expect(isStatusAdvance('read', 'played')).toBe(true)
  })
  it('lets an error replace only pending or server_ack', () => {
    expect(isStatusAdvance('pending', 'error')).toBe(true)
    expect(isStatusAdvance('server_ack', 'error')).toBe(true)
    expect(isStatusAdvance('delivered', 'error')).toBe(false)
    expect(isStatusAdvance('error', 'delivered')).toBe(false)
  })
})
