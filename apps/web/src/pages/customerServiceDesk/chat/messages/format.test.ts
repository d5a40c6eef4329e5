import { describe, expect, it } from 'vitest'
import { i18n } from '../../../../i18n'
import { copyTextOf, formatBytes, formatSeconds, linkCardOf, linkParts, previewText } from './format'
import { parseVcard } from './vcard'

describe('message formatting', () => {
  it('reads name and numbers of a vCard', () => {
    const card = parseVcard(
      'BEGIN:VCARD\nVERSION:3.0\nFN:Anna Rossi\nTEL;type=CELL;waid=393331234567:+39 333 123 4567\nEND:VCARD',
    )
    expect(card).toEqual({ name: 'Anna Rossi', phones: ['+39 333 123 4567'] })
    expect(parseVcard('BEGIN:VCARD\nN:Rossi;Anna;;;\nitem1.TEL;waid=39333:\nEND:VCARD')).toEqual({
      name: 'Anna Rossi',
      phones: ['+39333'],
    })
  })

  it('recognises an image-text link (link on the last line)', () => {
    expect(linkCardOf('Summer sale\nAll 20% off\nhttps://shop.example.com/sale')).toEqual({
      title: 'Summer sale',
      text: 'All 20% off',
      link: 'https://shop.example.com/sale',
    })
    expect(linkCardOf('see https://a.example')).toBeNull()
  })

  it('splits links out of a text without the closing punctuation', () => {
    expect(linkParts('Look: https://a.example/x. Thanks')).toEqual([
      { text: 'Look: ' },
      { text: 'https://a.example/x', href: 'https://a.example/x' },
      { text: '. Thanks' },
    ])
  })

  it('copies what each type holds', () => {
    expect(copyTextOf({ type: 'text', body: 'hi 😀', meta: {} })).toBe('hi 😀')
    expect(copyTextOf({ type: 'location', body: 'Rome', meta: { latitude: 41.9, longitude: 12.5 } })).toBe(
      'Rome\n41.9,12.5',
    )
    expect(copyTextOf({ type: 'image', body: '', meta: {} })).toBeNull()
  })

  it('formats sizes and durations', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB')
    expect(formatSeconds(65)).toBe('1:05')
    expect(formatSeconds(3725)).toBe('1:02:05')
  })
})

describe("a session's preview", () => {
  it("names the message's kind in the user's language and keeps its caption", async () => {
    const zh = i18n.getFixedT('zh')
    expect(previewText('[audio]', zh)).toBe('[语音]')
    expect(previewText('[image] my order', zh)).toBe('[图片] my order')
    expect(previewText('[audio]', i18n.getFixedT('en'))).toBe('[Voice]')
    expect(previewText('[contact]', zh)).toBe('[名片]')
    expect(previewText('[view once]', zh)).toBe('[一次性查看]')
    expect(previewText('[poll] Which size?', zh)).toBe('[投票] Which size?')
  })

  it("leaves a customer's own text alone, brackets and all", () => {
    const zh = i18n.getFixedT('zh')
    expect(previewText('[urgent] where is my parcel?', zh)).toBe('[urgent] where is my parcel?')
    expect(previewText('Hello', zh)).toBe('Hello')
  })
})
