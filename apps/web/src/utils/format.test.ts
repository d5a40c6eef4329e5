import { describe, expect, it } from 'vitest'
import { formatCount, formatCountry, formatDuration, formatMoney, formatPhone } from './format'

describe('formatPhone', () => {
  it('gives every phone one style: a "+" and the digits', () => {
    expect(formatPhone('447700900123')).toBe('+447700900123')
    expect(formatPhone('+44 7700-900123')).toBe('+447700900123')
    expect(formatPhone('(86) 138 0000 0000')).toBe('+8613800000000')
  })

  it('gives nothing for no phone', () => {
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
    expect(formatPhone('')).toBe('')
    expect(formatPhone('+')).toBe('')
  })
})

describe('formatCountry', () => {
  it('names a country in the UI language from its ISO code', () => {
    expect(formatCountry('GB', 'zh')).toBe('英国')
    expect(formatCountry('GB', 'en')).toBe('United Kingdom')
    expect(formatCountry('us', 'en')).toBe('United States')
  })

  it('falls back to the code when it is no region code', () => {
    expect(formatCountry('XX1', 'en')).toBe('XX1')
    expect(formatCountry('', 'zh')).toBe('')
    expect(formatCountry(null, 'zh')).toBe('')
  })
})

describe('formatMoney', () => {
  it('turns fen into yuan with thousands separators and two decimals', () => {
    expect(formatMoney(146000, 'zh')).toBe('1,460.00')
    expect(formatMoney(146000, 'en')).toBe('1,460.00')
    expect(formatMoney(123456789, 'zh')).toBe('1,234,567.89')
    expect(formatMoney(5, 'zh')).toBe('0.05')
    expect(formatMoney(0, 'zh')).toBe('0.00')
  })

  it('gives nothing for no amount', () => {
    expect(formatMoney(null)).toBe('')
    expect(formatMoney(Number.NaN)).toBe('')
  })
})

describe('formatCount', () => {
  it('separates thousands', () => {
    expect(formatCount(12345, 'en')).toBe('12,345')
    expect(formatCount(undefined)).toBe('')
  })
})

describe('formatDuration', () => {
  it('says minutes in the UI language, never English in Chinese', () => {
    expect(formatDuration(3 * 60_000, 'zh')).toBe('3 分钟')
    expect(formatDuration(3 * 60_000, 'en')).toBe('3 min')
  })

  it('keeps the two largest units', () => {
    expect(formatDuration((3600 + 5 * 60 + 9) * 1000, 'zh')).toBe('1 小时 5 分钟')
    expect(formatDuration((2 * 86_400 + 3 * 3600) * 1000, 'en')).toBe('2 d 3 h')
    expect(formatDuration(45_000, 'zh')).toBe('45 秒')
  })

  it('shows zero seconds for nothing and nothing for no value', () => {
    expect(formatDuration(0, 'en')).toBe('0 s')
    expect(formatDuration(null)).toBe('')
  })
})
