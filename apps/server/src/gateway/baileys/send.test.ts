import { Readable } from 'node:stream'
import { proto } from 'baileys'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../errors.js'
import { receiptFromUpdate, receiptsFromUserReceipts } from './receipts.js'
import { quotedMessage, refToKey, toBaileysContent, toGatewayError, VOICE_MIMETYPE } from './send.js'

const buf = Buffer.from('x')
const target = { chatId: '1@s.whatsapp.net', id: 'T1', fromMe: false }

describe('toBaileysContent', () => {
  it('maps every outbound kind', () => {
    expect(toBaileysContent({ kind: 'text', text: 'hi' }, ['2@s.whatsapp.net'])).toEqual({
      text: 'hi',
      mentions: ['2@s.whatsapp.net'],
    })
    expect(toBaileysContent({ kind: 'image', media: { buffer: buf }, caption: 'c' })).toMatchObject({
      image: buf,
      caption: 'c',
    })
    expect(toBaileysContent({ kind: 'video', media: { url: 'https://x/v.mp4' }, gif: true })).toMatchObject({
      video: { url: 'https://x/v.mp4' },
      gifPlayback: true,
      mimetype: 'video/mp4',
    })
    const stream = Readable.from([buf])
    expect(toBaileysContent({ kind: 'audio', media: { stream }, voiceNote: true, seconds: 4 })).toEqual({
      audio: { stream },
      ptt: true,
      mimetype: VOICE_MIMETYPE,
      seconds: 4,
    })
    expect(toBaileysContent({ kind: 'audio', media: { buffer: buf } })).toMatchObject({
      mimetype: 'audio/mpeg',
    })
    expect(
      toBaileysContent({
        kind: 'document',
        media: { buffer: buf },
        fileName: 'a.pdf',
        mimetype: 'application/pdf',
      }),
    ).toMatchObject({
      document: buf,
      fileName: 'a.pdf',
      mimetype: 'application/pdf',
    })
    expect(toBaileysContent({ kind: 'sticker', media: { buffer: buf } })).toMatchObject({
      sticker: buf,
      mimetype: 'image/webp',
    })
    expect(toBaileysContent({ kind: 'location', latitude: 1, longitude: 2, name: 'n' })).toEqual({
      location: { degreesLatitude: 1, degreesLongitude: 2, name: 'n', address: undefined },
    })
    expect(toBaileysContent({ kind: 'contacts', displayName: 'Bob', vcards: ['V'] })).toEqual({
      contacts: { displayName: 'Bob', contacts: [{ vcard: 'V' }] },
    })
    expect(toBaileysContent({ kind: 'reaction', target, emoji: '❤' })).toEqual({
      react: { text: '❤', key: { remoteJid: target.chatId, id: 'T1', fromMe: false } },
    })
  })

  it('builds keys and quoted messages', () => {
    expect(refToKey({ ...target, participant: 'p@lid' })).toEqual({
      remoteJid: target.chatId,
      id: 'T1',
      fromMe: false,
      participant: 'p@lid',
    })
    expect(quotedMessage({ ...target, text: 'q' }).message).toEqual({ conversation: 'q' })
  })

  it('maps Boom failures to gateway errors', () => {
    const boom = (statusCode: number, message = 'x') =>
      Object.assign(new Error(message), { output: { statusCode } })
    expect(toGatewayError(boom(429, 'rate-overlimit')).code).toBe('rate_limited')
    expect(toGatewayError(boom(403, 'forbidden')).code).toBe('forbidden')
    expect(toGatewayError(boom(404)).code).toBe('not_found')
    expect(toGatewayError(new Error('Connection Closed')).code).toBe('not_connected')
    expect(toGatewayError('weird').code).toBe('failed')
    const own = new GatewayError('banned')
    expect(toGatewayError(own)).toBe(own)
  })
})

describe('receipts', () => {
  const key = { remoteJid: '1@s.whatsapp.net', id: 'M', fromMe: true }
  const S = proto.WebMessageInfo.Status

  it('maps messages.update statuses 2..5', () => {
    const got = [S.SERVER_ACK, S.DELIVERY_ACK, S.READ, S.PLAYED].map(
      (status) => receiptFromUpdate('7', { key, update: { status } }, 5)?.update.status,
    )
    expect(got).toEqual(['server_ack', 'delivered', 'read', 'played'])
    expect(receiptFromUpdate('7', { key, update: { status: S.READ } }, 5)?.update).toEqual({
      accountId: '7',
      ref: { chatId: '1@s.whatsapp.net', id: 'M', fromMe: true },
      status: 'read',
      at: 5,
    })
  })

  it('ignores updates without a status (revoke stubs, edits)', () => {
    expect(receiptFromUpdate('7', { key, update: { message: null, messageStubType: 1 } }, 5)).toBeNull()
  })

  it('recognises the 463 time-lock error', () => {
    const r = receiptFromUpdate(
      '7',
      {
        key,
        update: { status: S.ERROR, messageStubParameters: ['463', 'Your account has been restricted'] },
      },
      5,
    )
    expect(r?.restricted).toBe(true)
    expect(r?.update).toMatchObject({ status: 'error', errorCode: 'restricted' })
    const other = receiptFromUpdate(
      '7',
      { key, update: { status: S.ERROR, messageStubParameters: ['479'] } },
      5,
    )
    expect(other).toMatchObject({ restricted: false, update: { errorCode: 'failed' } })
  })

  it('maps group receipts per member to the furthest stage', () => {
    const gkey = { remoteJid: 'G@g.us', id: 'M', fromMe: true }
    const list = [
      { key: gkey, receipt: { userJid: 'a:2@s.whatsapp.net', receiptTimestamp: 10 } },
      { key: gkey, receipt: { userJid: 'b@s.whatsapp.net', receiptTimestamp: 10, readTimestamp: 12 } },
      { key: gkey, receipt: { userJid: 'c@lid', playedTimestamp: 15 } },
      { key: gkey, receipt: { userJid: 'd@lid' } },
    ]
    expect(receiptsFromUserReceipts('7', list).map((r) => [r.by, r.status, r.at])).toEqual([
      ['a@s.whatsapp.net', 'delivered', 10_000],
      ['b@s.whatsapp.net', 'read', 12_000],
      ['c@lid', 'played', 15_000],
    ])
  })
})
