import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { proto, type WAMessage } from 'baileys'
import { describe, expect, it } from 'vitest'
import {
  decryptEdit,
  messageSecretOf,
  openEncryptedEdit,
  secretOfStored,
  secretRow,
} from './message-secret.js'

const SECRET = new Uint8Array(randomBytes(32))
const PN = '5511900000001@s.whatsapp.net'
const LID = '200000000000001@lid'
const ME = { pn: '8613800000000@s.whatsapp.net', lid: '99000000000001@lid' }

/** What the editor's phone does: the same derivation, sealed with AES-256-GCM (tag at the end). */
function seal(content: proto.IMessage, id: string, original: string, editor: string, secret = SECRET) {
  const info = Buffer.from(`${id}${original}${editor}Message Edit`)
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32))
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', key, iv)
  const plain = proto.Message.encode(content).finish()
  const encPayload = Buffer.concat([c.update(plain), c.final(), c.getAuthTag()])
  return { encPayload, encIv: iv }
}

const editOf = (text: string, id = 'ORIG1'): proto.IMessage => ({
  protocolMessage: {
    key: { remoteJid: ME.lid, fromMe: true, id },
    type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
    editedMessage: { conversation: text },
  },
})

function envelope(enc: ReturnType<typeof seal>, key: Partial<WAMessage['key']>, target = 'ORIG1'): WAMessage {
  return {
    key: { remoteJid: LID, fromMe: false, id: 'EDIT1', ...key },
    messageTimestamp: 1_780_000_060,
    message: {
      secretEncryptedMessage: {
        ...enc,
        secretEncType: proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT,
        targetMessageKey: { remoteJid: ME.lid, fromMe: true, id: target },
      },
    },
  }
}

const known = async (id: string) => (id === 'ORIG1' ? SECRET : undefined)

describe('message secrets', () => {
  it('keeps the secret of a message, wherever its wrappers put it, as a store row holding only the secret', () => {
    const wrapped = {
      ephemeralMessage: { message: { conversation: 'x', messageContextInfo: { messageSecret: SECRET } } },
    }
    expect(Buffer.from(messageSecretOf(wrapped) ?? []).equals(Buffer.from(SECRET))).toBe(true)
    const row = secretRow({ key: { id: 'M1', remoteJid: PN }, message: wrapped })
    expect(row).toMatchObject({ id: 'M1', sent: false })
    expect(Buffer.from(secretOfStored(row?.content) ?? []).equals(Buffer.from(SECRET))).toBe(true)
    expect(proto.Message.decode(row?.content ?? new Uint8Array()).conversation).toBeFalsy()
    expect(
      secretRow({ key: { id: 'M2', remoteJid: PN }, message: { conversation: 'no secret' } }),
    ).toBeUndefined()
  })

  it('opens an edit sealed with the hidden id, by a sender addressed by that id', async () => {
    const opened = await openEncryptedEdit(envelope(seal(editOf('fixed'), 'ORIG1', LID, LID), {}), known, ME)
    expect(opened?.key.id).toBe('EDIT1')
    expect(opened?.message?.protocolMessage).toMatchObject({
      type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
      key: { id: 'ORIG1' },
      editedMessage: { conversation: 'fixed' },
    })
  })

  it('tries the phone form too: the sender may have used either for itself', async () => {
    const sealed = seal(editOf('by phone form'), 'ORIG1', PN, PN)
    const opened = await openEncryptedEdit(envelope(sealed, { remoteJidAlt: PN }), known, ME)
    expect(opened?.message?.protocolMessage?.editedMessage?.conversation).toBe('by phone form')
    // without the other form at hand it cannot be opened
    expect(await openEncryptedEdit(envelope(sealed, {}), known, ME)).toBeUndefined()
  })

  it('opens an edit written on our own phone with our own addresses', async () => {
    const sealed = seal(editOf('ours'), 'ORIG1', ME.pn, ME.pn)
    const opened = await openEncryptedEdit(envelope(sealed, { remoteJid: PN, fromMe: true }), known, ME)
    expect(opened?.message?.protocolMessage?.editedMessage?.conversation).toBe('ours')
  })

  it('a plaintext that is the new content itself becomes an edit of the target', async () => {
    const sealed = seal({ extendedTextMessage: { text: 'bare' } }, 'ORIG1', LID, LID)
    const opened = await openEncryptedEdit(envelope(sealed, {}), known, ME)
    expect(opened?.message?.protocolMessage).toMatchObject({
      key: { id: 'ORIG1' },
      editedMessage: { extendedTextMessage: { text: 'bare' } },
    })
  })

  it('an unknown secret, a wrong secret or another sender opens nothing', async () => {
    const sealed = seal(editOf('x'), 'ORIG1', LID, LID)
    expect(await openEncryptedEdit(envelope(sealed, {}, 'OTHER'), known, ME)).toBeUndefined()
    expect(await openEncryptedEdit(envelope(sealed, {}), async () => new Uint8Array(32), ME)).toBeUndefined()
    expect(
      await openEncryptedEdit(envelope(sealed, { remoteJid: '200000000000009@lid' }), known, ME),
    ).toBeUndefined()
    expect(() =>
      decryptEdit({ encPayload: sealed.encPayload, encIv: new Uint8Array(8) }, SECRET, 'ORIG1', LID, LID),
    ).toThrow(/12-byte IV/)
  })

  it('leaves anything but an encrypted message edit alone', async () => {
    const plain: WAMessage = { key: { remoteJid: PN, id: 'P' }, message: { conversation: 'hi' } }
    expect(await openEncryptedEdit(plain, known, ME)).toBeUndefined()
    const eventEdit = envelope(seal(editOf('x'), 'ORIG1', LID, LID), {})
    const sem = eventEdit.message?.secretEncryptedMessage
    if (sem) sem.secretEncType = proto.Message.SecretEncryptedMessage.SecretEncType.EVENT_EDIT
    expect(await openEncryptedEdit(eventEdit, known, ME)).toBeUndefined()
  })
})
