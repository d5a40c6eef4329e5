import { proto } from 'baileys'
import { describe, expect, it } from 'vitest'
import { decodeMediaHandle } from './media.js'
import { CUSTOMER, content, ctx, ME, msg, norm } from './normalize.fixtures.js'
import { timestampMs } from './normalize.js'

describe('normalizeMessage: envelope', () => {
  it('builds the ref, sender, timestamp in ms and live flag of a direct message', () => {
    expect(norm(msg({ conversation: 'hi' }))).toEqual({
      accountId: '7',
      ref: { chatId: CUSTOMER, id: 'ABC', fromMe: false },
      chatType: 'direct',
      sender: { id: CUSTOMER, pn: CUSTOMER, pushName: 'Ann' },
      timestamp: 1_700_000_000_000,
      live: true,
      content: { kind: 'text', text: 'hi' },
    })
  })

  it('accepts Long timestamps and falls back to now', () => {
    const long = { low: 1_700_000_001, high: 0, unsigned: true, toNumber: () => 1_700_000_001 }
    expect(norm(msg({ conversation: 'x' }, { messageTimestamp: long as unknown as number }))?.timestamp).toBe(
      1_700_000_001_000,
    )
    expect(norm(msg({ conversation: 'x' }, { messageTimestamp: null }))?.timestamp).toBe(9_999)
    expect(timestampMs(undefined, 5)).toBe(5)
  })

  it('keeps both forms of a lid-addressed direct chat (remoteJidAlt)', () => {
    const m = norm(
      msg(
        { conversation: 'x' },
        {},
        { remoteJid: '555:3@lid', remoteJidAlt: `${CUSTOMER.replace('@', ':2@')}` },
      ),
    )
    expect(m?.ref.chatId).toBe('555@lid')
    expect(m?.chatAlt).toBe(CUSTOMER)
    expect(m?.sender).toEqual({ id: '555@lid', pn: CUSTOMER, lid: '555@lid', pushName: 'Ann' })
  })

  it('takes the group sender from key.participant with participantAlt', () => {
    const m = norm(
      msg(
        { conversation: 'hello group' },
        {},
        { remoteJid: '120363000000000001@g.us', participant: '42@lid', participantAlt: CUSTOMER },
      ),
    )
    expect(m?.chatType).toBe('group')
    expect(m?.ref).toEqual({
      chatId: '120363000000000001@g.us',
      id: 'ABC',
      fromMe: false,
      participant: '42@lid',
    })
    expect(m?.sender).toEqual({ id: '42@lid', pn: CUSTOMER, lid: '42@lid', pushName: 'Ann' })
  })

  it('marks messages sent from the phone as fromMe with our identity, and history as not live', () => {
    const m = norm(msg({ conversation: 'from phone' }, { pushName: null }, { fromMe: true }), {
      ...ctx,
      live: false,
    })
    expect(m?.ref.fromMe).toBe(true)
    expect(m?.live).toBe(false)
    expect(m?.sender).toEqual({ id: '777@lid', pn: ME.pn, lid: ME.lid })
  })

  it('knows status, broadcast and newsletter chats', () => {
    expect(
      norm(msg({ conversation: 'x' }, {}, { remoteJid: 'status@broadcast', participant: CUSTOMER }))
        ?.chatType,
    ).toBe('status')
    expect(norm(msg({ conversation: 'x' }, {}, { remoteJid: '123@broadcast' }))?.chatType).toBe('broadcast')
    expect(norm(msg({ conversation: 'x' }, {}, { remoteJid: '123@newsletter' }))?.chatType).toBe('newsletter')
  })

  it('ignores stubs, key distribution and other protocol messages', () => {
    expect(norm(msg({}, { message: null, messageStubType: 20 }))).toBeNull()
    expect(norm(msg({ senderKeyDistributionMessage: { groupId: 'g' } }))).toBeNull()
    expect(
      norm(
        msg({
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION,
            key: { id: 'X' },
          },
        }),
      ),
    ).toBeNull()
    expect(norm(msg({ conversation: 'x' }, {}, { id: undefined }))).toBeNull()
  })
})

describe('normalizeMessage: content types', () => {
  it('text: conversation and extended text with quote and mentions', () => {
    expect(content(msg({ conversation: 'plain' }))).toEqual({ kind: 'text', text: 'plain' })
    const m = norm(
      msg({
        extendedTextMessage: {
          text: 'reply @1',
          contextInfo: {
            stanzaId: 'Q1',
            participant: '8610000000000:5@s.whatsapp.net',
            quotedMessage: { conversation: 'original' },
            mentionedJid: ['111@s.whatsapp.net'],
          },
        },
      }),
    )
    expect(m?.content).toEqual({ kind: 'text', text: 'reply @1' })
    expect(m?.quoted).toEqual({ id: 'Q1', participant: ME.pn, text: 'original' })
    expect(m?.mentions).toEqual(['111@s.whatsapp.net'])
  })

  it('unwraps ephemeral and view-once wrappers that still hold downloadable media', () => {
    expect(content(msg({ ephemeralMessage: { message: { conversation: 'gone soon' } } }))).toEqual({
      kind: 'text',
      text: 'gone soon',
    })
    const v = content(
      msg({
        viewOnceMessageV2: {
          message: {
            imageMessage: {
              mimetype: 'image/jpeg',
              caption: 'once',
              mediaKey: new Uint8Array([1]),
              directPath: '/v/x',
            },
          },
        },
      }),
    )
    expect(v).toMatchObject({ kind: 'media', media: 'image', caption: 'once' })
  })

  it('image with caption, size (Long), dimensions and a downloadable handle', () => {
    const mediaKey = new Uint8Array([1, 2, 3])
    const c = content(
      msg({
        imageMessage: {
          mimetype: 'image/jpeg',
          caption: 'look',
          fileLength: { low: 2048, high: 0, unsigned: true, toNumber: () => 2048 } as unknown as number,
          width: 640,
          height: 480,
          mediaKey,
          directPath: '/v/t62/abc',
          url: 'https://mmg.whatsapp.net/x',
        },
      }),
    )
    expect(c).toMatchObject({
      kind: 'media',
      media: 'image',
      mimetype: 'image/jpeg',
      caption: 'look',
      sizeBytes: 2048,
      width: 640,
      height: 480,
    })
    const handle = (c as { handle: string }).handle
    const back = decodeMediaHandle(handle)
    expect(back.key).toMatchObject({ remoteJid: CUSTOMER, id: 'ABC', fromMe: false })
    expect(Buffer.from(back.message?.imageMessage?.mediaKey ?? []).equals(Buffer.from(mediaKey))).toBe(true)
    expect(back.message?.imageMessage?.directPath).toBe('/v/t62/abc')
  })

  it('video, gif and video note', () => {
    expect(
      content(msg({ videoMessage: { mimetype: 'video/mp4', seconds: 12, caption: 'clip' } })),
    ).toMatchObject({
      media: 'video',
      seconds: 12,
      caption: 'clip',
    })
    const gif = content(msg({ videoMessage: { mimetype: 'video/mp4', gifPlayback: true } }))
    expect(gif).toMatchObject({ media: 'video', gif: true })
    expect(content(msg({ ptvMessage: { mimetype: 'video/mp4', seconds: 3 } }))).toMatchObject({
      media: 'video',
      seconds: 3,
    })
    expect(content(msg({ videoMessage: { mimetype: 'video/mp4' } }))).not.toHaveProperty('gif')
  })

  it('audio and voice notes with seconds', () => {
    expect(
      content(msg({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', seconds: 7, ptt: true } })),
    ).toMatchObject({
      media: 'audio',
      seconds: 7,
      voiceNote: true,
    })
    expect(content(msg({ audioMessage: { mimetype: 'audio/mpeg', seconds: 200 } }))).toMatchObject({
      media: 'audio',
      voiceNote: false,
    })
  })

  it('documents (also with caption wrapper) and stickers', () => {
    expect(
      content(msg({ documentMessage: { mimetype: 'application/pdf', fileName: 'a.pdf' } })),
    ).toMatchObject({
      media: 'document',
      fileName: 'a.pdf',
    })
    const wrapped = content(
      msg({
        documentWithCaptionMessage: {
          message: { documentMessage: { mimetype: 'application/pdf', fileName: 'b.pdf', caption: 'see' } },
        },
      }),
    )
    expect(wrapped).toMatchObject({ media: 'document', fileName: 'b.pdf', caption: 'see' })
    expect(
      content(msg({ stickerMessage: { mimetype: 'image/webp', width: 512, height: 512 } })),
    ).toMatchObject({ media: 'sticker', width: 512 })
  })

  it('location and live location', () => {
    expect(
      content(
        msg({
          locationMessage: {
            degreesLatitude: 31.2,
            degreesLongitude: 121.5,
            name: 'Bund',
            address: 'Shanghai',
          },
        }),
      ),
    ).toEqual({
      kind: 'location',
      latitude: 31.2,
      longitude: 121.5,
      name: 'Bund',
      address: 'Shanghai',
    })
    expect(content(msg({ liveLocationMessage: { degreesLatitude: 1, degreesLongitude: 2 } }))).toEqual({
      kind: 'location',
      latitude: 1,
      longitude: 2,
    })
  })

  it('one contact and many contacts', () => {
    expect(content(msg({ contactMessage: { displayName: 'Bob', vcard: 'BEGIN:VCARD\nEND:VCARD' } }))).toEqual(
      {
        kind: 'contacts',
        displayName: 'Bob',
        vcards: ['BEGIN:VCARD\nEND:VCARD'],
      },
    )
    expect(
      content(
        msg({
          contactsArrayMessage: { displayName: '2 contacts', contacts: [{ vcard: 'A' }, { vcard: 'B' }] },
        }),
      ),
    ).toEqual({
      kind: 'contacts',
      displayName: '2 contacts',
      vcards: ['A', 'B'],
    })
  })

  it('reactions (set and removed)', () => {
    expect(
      content(msg({ reactionMessage: { key: { remoteJid: CUSTOMER, id: 'M1', fromMe: true }, text: '👍' } })),
    ).toEqual({
      kind: 'reaction',
      target: { chatId: CUSTOMER, id: 'M1', fromMe: true },
      emoji: '👍',
    })
    expect(
      content(msg({ reactionMessage: { key: { remoteJid: CUSTOMER, id: 'M1', fromMe: true }, text: '' } })),
    ).toMatchObject({ emoji: null })
  })

  it('revoke (protocolMessage REVOKE) by the customer and by us from the phone', () => {
    const revoke = (fromMe: boolean) =>
      msg(
        {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.REVOKE,
            key: { remoteJid: CUSTOMER, id: 'OLD', fromMe: true },
          },
        },
        {},
        { fromMe },
      )
    expect(content(revoke(false))).toEqual({
      kind: 'revoke',
      target: { chatId: CUSTOMER, id: 'OLD', fromMe: false },
    })
    expect(content(revoke(true))).toEqual({
      kind: 'revoke',
      target: { chatId: CUSTOMER, id: 'OLD', fromMe: true },
    })
  })

  it('admin revoke in a group names the original sender', () => {
    const c = content(
      msg(
        {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.REVOKE,
            key: { remoteJid: 'G@g.us', id: 'OLD', fromMe: false, participant: ME.pn },
          },
        },
        {},
        { remoteJid: '120363000000000001@g.us', participant: CUSTOMER },
      ),
    )
    expect(c).toEqual({
      kind: 'revoke',
      target: { chatId: '120363000000000001@g.us', id: 'OLD', fromMe: true, participant: ME.pn },
    })
  })

  it('edits, wrapped in editedMessage', () => {
    const c = content(
      msg({
        editedMessage: {
          message: {
            protocolMessage: {
              type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
              key: { remoteJid: CUSTOMER, id: 'E1', fromMe: true },
              editedMessage: { conversation: 'fixed typo' },
            },
          },
        },
      }),
    )
    expect(c).toEqual({
      kind: 'edit',
      target: { chatId: CUSTOMER, id: 'E1', fromMe: false },
      text: 'fixed typo',
    })
  })

  it('an encrypted edit whose secret is not at hand is still an edit, without its text', () => {
    const c = content(
      msg({
        secretEncryptedMessage: {
          targetMessageKey: { remoteJid: ME.lid, fromMe: true, id: 'E2' },
          encPayload: new Uint8Array(40),
          encIv: new Uint8Array(12),
          secretEncType: proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT,
        },
      }),
    )
    expect(c).toEqual({ kind: 'edit', target: { chatId: CUSTOMER, id: 'E2', fromMe: false } })
    const event = msg({
      secretEncryptedMessage: {
        targetMessageKey: { id: 'E3' },
        secretEncType: proto.Message.SecretEncryptedMessage.SecretEncType.EVENT_EDIT,
      },
    })
    expect(norm(event)).toBeNull()
  })

  it('anything else is unsupported, by type', () => {
    expect(content(msg({ eventMessage: { name: 'Party' } }))).toEqual({
      kind: 'unsupported',
      type: 'eventMessage',
    })
  })
})
