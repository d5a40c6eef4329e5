import { createDecipheriv, hkdfSync } from 'node:crypto'
import { normalizeMessageContent, proto, type WAMessage } from 'baileys'
import { normalizeJid } from '../jid.js'
import type { Me } from '../messaging-gateway.js'
import type { MessageRow } from './message-store.js'

/**
 * Message secrets: every message carries a random 32-byte `messageContextInfo.messageSecret`, and
 * later changes to it that only its chat may read (edits sent as `secretEncryptedMessage`, poll
 * votes) are encrypted with a key derived from it. A linked device therefore keeps the secret of
 * each message it receives, and opens an encrypted edit with the secret of the edited message.
 */

const EDIT_USE_CASE = 'Message Edit'
const GCM_TAG = 16
const GCM_IV = 12

/** The secret a message carries, wherever its wrappers put it. */
export function messageSecretOf(message: proto.IMessage | null | undefined): Uint8Array | undefined {
  const own = message?.messageContextInfo?.messageSecret
  if (own?.length) return own
  const inner = normalizeMessageContent(message)?.messageContextInfo?.messageSecret
  return inner?.length ? inner : undefined
}

/**
 * What the message store keeps of received messages (and of those written on the phone): a
 * message holding only the secret, so `getMessage` can hand it back as WhatsApp's own clients do.
 */
export function secretRow(msg: WAMessage): MessageRow | undefined {
  const secret = messageSecretOf(msg.message)
  if (!msg.key.id || !secret) return undefined
  const content = proto.Message.encode({ messageContextInfo: { messageSecret: secret } }).finish()
  return { id: msg.key.id, sent: false, content }
}

/** The secret kept under a message id, from a message the store handed back. */
export function secretOfStored(content: Uint8Array | undefined): Uint8Array | undefined {
  if (!content) return undefined
  try {
    return messageSecretOf(proto.Message.decode(content))
  } catch {
    return undefined
  }
}

/**
 * Decrypt an encrypted edit: the key is HKDF-SHA256 of the original's secret with the use case
 * (original id, original sender, editor, "Message Edit") as info and no salt; the payload is
 * AES-256-GCM with the tag at its end and no associated data. Throws when the key is not the one
 * the editor used (the GCM tag does not verify).
 */
export function decryptEdit(
  enc: { encPayload: Uint8Array; encIv: Uint8Array },
  secret: Uint8Array,
  originalId: string,
  originalSender: string,
  editor: string,
): proto.Message {
  if (enc.encIv.length !== GCM_IV) throw new Error('an encrypted edit has a 12-byte IV')
  if (enc.encPayload.length <= GCM_TAG) throw new Error('an encrypted edit is too short')
  const info = Buffer.from(`${originalId}${originalSender}${editor}${EDIT_USE_CASE}`)
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32))
  const payload = Buffer.from(enc.encPayload)
  const decipher = createDecipheriv('aes-256-gcm', key, enc.encIv)
  decipher.setAuthTag(payload.subarray(payload.length - GCM_TAG))
  const plain = Buffer.concat([
    decipher.update(payload.subarray(0, payload.length - GCM_TAG)),
    decipher.final(),
  ])
  return proto.Message.decode(plain)
}

/** The addresses the sender of a message may have used for itself (phone and hidden id forms). */
function senderForms(msg: WAMessage, me: Me | undefined): string[] {
  const k = msg.key
  const forms = k.fromMe
    ? [me?.lid, me?.pn]
    : k.participant
      ? [k.participant, k.participantAlt]
      : [k.remoteJid, k.remoteJidAlt]
  return [...new Set(forms.filter((j): j is string => Boolean(j)).map(normalizeJid))]
}

/**
 * An encrypted edit (`secretEncryptedMessage` of type MESSAGE_EDIT) as the plain edit it carries:
 * the same message with a `protocolMessage` MESSAGE_EDIT naming the edited message. Undefined when
 * it is not one, or when the edited message's secret is unknown or opens nothing.
 */
export async function openEncryptedEdit(
  msg: WAMessage,
  secretOf: (id: string) => Promise<Uint8Array | undefined>,
  me: Me | undefined,
): Promise<WAMessage | undefined> {
  const sem = normalizeMessageContent(msg.message)?.secretEncryptedMessage
  const target = sem?.targetMessageKey
  if (sem?.secretEncType !== proto.Message.SecretEncryptedMessage.SecretEncType.MESSAGE_EDIT) return undefined
  if (!target?.id || !sem.encPayload || !sem.encIv) return undefined
  const secret = await secretOf(target.id)
  if (!secret) return undefined
  // an edit is always of the editor's own message: both addresses are the sender's, in whichever
  // form (phone or hidden id) each side used
  const forms = senderForms(msg, me)
  for (const original of forms) {
    for (const editor of forms) {
      let opened: proto.Message
      try {
        opened = decryptEdit(
          { encPayload: sem.encPayload, encIv: sem.encIv },
          secret,
          target.id,
          original,
          editor,
        )
      } catch {
        continue
      }
      const edit = opened.protocolMessage?.editedMessage
        ? opened.protocolMessage
        : { key: target, type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, editedMessage: opened }
      return { ...msg, message: { protocolMessage: { ...edit, key: edit.key ?? target } } }
    }
  }
  return undefined
}
