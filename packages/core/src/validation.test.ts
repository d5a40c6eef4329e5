import { describe, expect, it } from 'vitest'
import { isNewerVersion } from './releases.js'
import { relativeTime, toMillis, vipActive } from './time.js'
import {
  checkGroupName,
  checkLabelName,
  checkLoginPassword,
  checkPassword,
  checkSessionPhone,
} from './validation.js'

describe('checkPassword', () => {
  it.each([
    [undefined, 'password.required'],
    ['', 'password.required'],
    ['abc 123', 'password.charset'],
    ['密码abc123', 'password.charset'],
    ['ab12', 'password.length'],
    ['a1'.repeat(11), 'password.length'],
    ['Alice1', 'password.sameAsName'],
    ['000000', 'password.sameDigit'],
    ['1234567', 'password.ascending'],
    ['3456789', 'password.ascending'],
  ])('refuses %j with %s', (pw, key) => {
    expect(checkPassword(pw, 'alice1')).toBe(key)
  })

  it.each(['Passw0rd', 'abcdef', '123465', '654321', '112233', 'a1b2c3d4e5f6g7h8i9j0'])(
    'accepts %j',
    (pw) => {
      expect(checkPassword(pw, 'alice')).toBeNull()
    },
  )
})

describe('other rules', () => {
  it('checks the login password only for presence and 4–20 length', () => {
    expect(checkLoginPassword('')).toBe('password.required')
    expect(checkLoginPassword('abc')).toBe('password.loginLength')
    expect(checkLoginPassword('1111')).toBeNull()
  })

  it('checks group and label names', () => {
    expect(checkGroupName('a b')).toBe('groupName.spaces')
    expect(checkGroupName('x'.repeat(21))).toBe('groupName.length')
    expect(checkGroupName('VIP')).toBeNull()
    expect(checkLabelName('a')).toBe('labelName.length')
    expect(checkLabelName('ab')).toBeNull()
  })

  it('checks a new-session phone: 9–20 digits', () => {
    expect(checkSessionPhone('12345678')).toBe('phone.invalid')
    expect(checkSessionPhone('+8613800138000')).toBe('phone.invalid')
    expect(checkSessionPhone('8613800138000')).toBeNull()
  })
})

describe('time', () => {
  it('treats 10-digit timestamps as seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000)
    expect(toMillis(1_700_000_000_123)).toBe(1_700_000_000_123)
  })

  it('names relative times', () => {
    const now = 1_800_000_000_000
    expect(relativeTime(now - 29_000, now)).toEqual({ unit: 'justNow', value: 0 })
    expect(relativeTime(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', value: 5 })
    expect(relativeTime(now - 3 * 3_600_000, now)).toEqual({ unit: 'hours', value: 3 })
    expect(relativeTime(now - 29 * 86_400_000, now)).toEqual({ unit: 'days', value: 29 })
    expect(relativeTime(now - 65 * 86_400_000, now)).toEqual({ unit: 'months', value: 2 })
    expect(relativeTime(now - 800 * 86_400_000, now)).toEqual({ unit: 'years', value: 2 })
  })

  it('keeps VIP active until 23:59:59 of the end date', () => {
    const end = new Date(2026, 10, 22, 9, 0, 0).getTime()
    expect(vipActive(end, new Date(2026, 10, 22, 23, 59, 0).getTime())).toBe(true)
    expect(vipActive(end, new Date(2026, 10, 23, 0, 0, 1).getTime())).toBe(false)
    expect(vipActive(null)).toBe(false)
  })

  it('compares dotted versions', () => {
    expect(isNewerVersion('2.4.34', '2.4.33')).toBe(true)
    expect(isNewerVersion('2.10.0', '2.9.9')).toBe(true)
    expect(isNewerVersion('2.4.33', '2.4.33')).toBe(false)
  })
})
