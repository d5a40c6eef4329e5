import { describe, expect, it } from 'vitest'
import { checkAccountPhone, normalizePhone, wsAccountDeleteQuery } from './api/accounts.js'
import { ErrorCode, errorMessages } from './errors.js'
import { FailureReason, failureReasonMessages, isOptOut } from './messaging.js'

describe('opt-out words', () => {
  it.each(['STOP', 'stop', ' Unsubscribe ', '退订'])('%j opts out', (text) =>
    expect(isOptOut(text)).toBe(true),
  )
  it.each(['stop it', 'please unsubscribe me', '', null])('%j does not', (text) =>
    expect(isOptOut(text)).toBe(false),
  )
})

describe('account phone', () => {
  it('strips what people type around the digits', () => {
    expect(normalizePhone('+86 (138) 0013-8000')).toBe('8613800138000')
    expect(checkAccountPhone('+86 138 0013 8000')).toBeNull()
  })
  it.each(['12345678', '86138abc0000', '1'.repeat(21), ''])('refuses %j', (p) =>
    expect(checkAccountPhone(p)).not.toBeNull(),
  )
})

describe('batch ids in a query string', () => {
  it('parses "1,2,3" and refuses junk', () => {
    expect(wsAccountDeleteQuery.parse({ ids: '1,2,3' })).toEqual({ ids: [1, 2, 3] })
    expect(wsAccountDeleteQuery.safeParse({ ids: '1,,2' }).success).toBe(false)
  })
})

describe('catalogue', () => {
  it('has zh and en for every new code and failure reason', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(errorMessages[code].zh).toBeTruthy()
      expect(errorMessages[code].en).toBeTruthy()
    }
    for (const r of Object.values(FailureReason))
      expect(failureReasonMessages[r]).toEqual({ zh: expect.any(String), en: expect.any(String) })
  })
})
