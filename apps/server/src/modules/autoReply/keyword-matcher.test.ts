import { describe, expect, it } from 'vitest'
import { KeywordMatcher, type MatcherKeyword } from './keyword-matcher.js'

const half = (ruleId: number, ...keywords: string[]): MatcherKeyword[] =>
  keywords.map((keyword) => ({ keyword, ruleId, full: false }))
const full = (ruleId: number, ...keywords: string[]): MatcherKeyword[] =>
  keywords.map((keyword) => ({ keyword, ruleId, full: true }))
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)

describe('the keyword matcher', () => {
  it('finds a half-match keyword anywhere in the message, ignoring case', () => {
    const m = new KeywordMatcher([...half(1, 'Price'), ...half(2, 'delivery')])
    expect(m.match('what is the PRICE of this?')).toEqual({ full: [], half: [1] })
    expect(m.match('Delivery time and price?').half.sort()).toEqual([1, 2])
    expect(m.match('nothing here')).toEqual({ full: [], half: [] })
  })

  it('takes a full-match keyword only as the whole trimmed message', () => {
    const m = new KeywordMatcher(full(7, 'Hello'))
    expect(m.match('  hello ')).toEqual({ full: [7], half: [] })
    expect(m.match('hello there')).toEqual({ full: [], half: [] })
  })

  it('finds keywords inside each other and overlapping ones (the fail links)', () => {
    const m = new KeywordMatcher([...half(1, 'he'), ...half(2, 'she'), ...half(3, 'his'), ...half(4, 'hers')])
    expect(sorted(m.match('ushers').half)).toEqual([1, 2, 4])
    expect(sorted(m.match('ahishe').half)).toEqual([1, 2, 3])
    const n = new KeywordMatcher([...half(5, 'aab'), ...half(6, 'ab'), ...half(7, 'b')])
    expect(sorted(n.match('aaab').half)).toEqual([5, 6, 7])
  })

  it('matches Chinese and emoji keywords and reports a keyword shared by rules for each rule once', () => {
    const m = new KeywordMatcher([...half(1, '价格'), ...half(2, '价格', '多少钱'), ...half(3, '👍')])
    expect(sorted(m.match('这个价格多少钱？价格').half)).toEqual([1, 2])
    expect(m.match('好的👍').half).toEqual([3])
  })

  it('ignores empty keywords and agrees with a plain scan on random text', () => {
    const words = ['ab', 'bc', 'abc', 'cab', 'bca', 'aaa', 'c', '']
    const m = new KeywordMatcher(words.map((keyword, i) => ({ keyword, ruleId: i, full: false })))
    let seed = 42
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0
      return seed >>> 8
    }
    for (let round = 0; round < 200; round++) {
      const text = Array.from({ length: 12 }, () => 'abc'[next() % 3]).join('')
      const expected = words.flatMap((w, i) => (w && text.includes(w) ? [i] : []))
      expect(sorted(m.match(text).half), text).toEqual(expected)
    }
  })
})
