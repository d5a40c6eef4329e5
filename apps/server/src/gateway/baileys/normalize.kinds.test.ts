import { proto } from 'baileys'
import { describe, expect, it } from 'vitest'
import { CUSTOMER, content, ME, msg, norm } from './normalize.fixtures.js'

describe('normalizeMessage: what a linked device gets beyond text and media', () => {
  it('view-once as a linked device gets it: no content, or a wrapper around nothing to download', () => {
    // Baileys marks the key when the node says <unavailable type="view_once"/>
    expect(content(msg({}, { message: null }, { isViewOnce: true }))).toEqual({ kind: 'viewOnce' })
    expect(content(msg({ viewOnceMessageV2: { message: {} } }))).toEqual({ kind: 'viewOnce' })
    expect(content(msg({ viewOnceMessage: {} }))).toEqual({ kind: 'viewOnce' })
    expect(
      content(msg({ viewOnceMessageV2Extension: { message: { audioMessage: { ptt: true } } } })),
    ).toEqual({
      kind: 'viewOnce',
      media: 'audio',
    })
    // without the mark and without content it is still nothing (a stub)
    expect(norm(msg({}, { message: null }))).toBeNull()
  })

  it('polls of every version: the question, the options and how many may be chosen', () => {
    const poll = {
      name: 'Lunch?',
      options: [{ optionName: 'Pizza' }, { optionName: 'Sushi' }],
      selectableOptionsCount: 1,
    }
    for (const type of [
      'pollCreationMessage',
      'pollCreationMessageV2',
      'pollCreationMessageV3',
      'pollCreationMessageV5',
    ]) {
      expect(content(msg({ [type]: poll }))).toEqual({
        kind: 'poll',
        question: 'Lunch?',
        options: ['Pizza', 'Sushi'],
        selectable: 1,
      })
    }
    expect(
      content(msg({ pollCreationMessageV4: { message: { pollCreationMessage: { name: 'Q' } } } })),
    ).toEqual({
      kind: 'poll',
      question: 'Q',
      options: [],
      selectable: 0,
    })
    // votes are encrypted with the poll's secret: they change no message of the desk
    expect(norm(msg({ pollUpdateMessage: { pollCreationMessageKey: { id: 'P' } } }))).toBeNull()
  })

  it('replies to buttons, lists, templates and interactive messages are the words chosen, quoting ours', () => {
    const ctxInfo = { stanzaId: 'OURS', participant: ME.pn }
    expect(
      norm(
        msg({
          buttonsResponseMessage: {
            selectedButtonId: 'b1',
            selectedDisplayText: 'Yes',
            contextInfo: ctxInfo,
          },
        }),
      ),
    ).toMatchObject({ content: { kind: 'text', text: 'Yes' }, quoted: { id: 'OURS' } })
    expect(
      content(msg({ listResponseMessage: { title: 'Blue', singleSelectReply: { selectedRowId: 'r2' } } })),
    ).toEqual({
      kind: 'text',
      text: 'Blue',
    })
    expect(content(msg({ listResponseMessage: { singleSelectReply: { selectedRowId: 'r2' } } }))).toEqual({
      kind: 'text',
      text: 'r2',
    })
    expect(
      content(msg({ templateButtonReplyMessage: { selectedId: 't1', selectedDisplayText: 'Track order' } })),
    ).toEqual({
      kind: 'text',
      text: 'Track order',
    })
    expect(content(msg({ interactiveResponseMessage: { body: { text: 'Option A' } } }))).toEqual({
      kind: 'text',
      text: 'Option A',
    })
  })

  it('an album header counts its media; its media name the header', () => {
    expect(content(msg({ albumMessage: { expectedImageCount: 2, expectedVideoCount: 1 } }))).toEqual({
      kind: 'album',
      images: 2,
      videos: 1,
    })
    const child = norm(
      msg({
        associatedChildMessage: {
          message: {
            imageMessage: { mimetype: 'image/jpeg', mediaKey: new Uint8Array([1]) },
            messageContextInfo: {
              messageAssociation: {
                associationType: proto.MessageAssociation.AssociationType.MEDIA_ALBUM,
                parentMessageKey: { remoteJid: CUSTOMER, fromMe: false, id: 'ALBUM1' },
              },
            },
          },
        },
      }),
    )
    expect(child).toMatchObject({ content: { kind: 'media', media: 'image' }, albumId: 'ALBUM1' })
  })

  it('pins and unpins, naming whose message it is', () => {
    const pin = (type: number, key: proto.IMessageKey) => content(msg({ pinInChatMessage: { key, type } }))
    // the customer pins one of ours: in their key it is not theirs
    expect(pin(1, { remoteJid: ME.pn, fromMe: false, id: 'M1' })).toEqual({
      kind: 'pin',
      target: { chatId: CUSTOMER, id: 'M1', fromMe: true },
      pinned: true,
    })
    expect(pin(2, { remoteJid: ME.pn, fromMe: true, id: 'M2' })).toEqual({
      kind: 'pin',
      target: { chatId: CUSTOMER, id: 'M2', fromMe: false },
      pinned: false,
    })
  })
})
