import { getContentType, proto, type WAMessage } from 'baileys'
import type { InboundContent } from '../messaging-gateway.js'

// Content a linked device receives beyond plain text and media: view-once messages, album
// members, replies to buttons, lists and templates, and polls.

const VIEW_ONCE_MEDIA = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
} as const

/**
 * A view-once message as a linked device gets it: WhatsApp sends companions no content (Baileys
 * marks the key `isViewOnce`), or a view-once wrapper around nothing. The phone alone opens it.
 */
export function viewOnceOf(msg: WAMessage, content: proto.IMessage | undefined): InboundContent | undefined {
  const m = msg.message
  const wrapper = m?.viewOnceMessage ?? m?.viewOnceMessageV2 ?? m?.viewOnceMessageV2Extension
  const hasContent = content !== undefined && getContentType(content) !== undefined
  if (hasContent && !wrapper) return undefined
  if (!hasContent && !wrapper && !msg.key.isViewOnce) return undefined
  if (hasContent && content) {
    // the wrapper still holds the media: it is shown like any media
    const type = getContentType(content)
    if (type && type in VIEW_ONCE_MEDIA) {
      const inner = content[type as keyof typeof VIEW_ONCE_MEDIA]
      if (inner?.mediaKey?.length || inner?.directPath) return undefined
      return { kind: 'viewOnce', media: VIEW_ONCE_MEDIA[type as keyof typeof VIEW_ONCE_MEDIA] }
    }
    return undefined
  }
  return { kind: 'viewOnce' }
}

/** The album a photo or video belongs to (`messageAssociation` of type MEDIA_ALBUM). */
export function albumOf(
  raw: proto.IMessage | null | undefined,
  content: proto.IMessage | undefined,
): string | undefined {
  for (const m of [raw, raw?.associatedChildMessage?.message, content]) {
    const a = m?.messageContextInfo?.messageAssociation
    if (a?.associationType === proto.MessageAssociation.AssociationType.MEDIA_ALBUM && a.parentMessageKey?.id)
      return a.parentMessageKey.id
  }
  return undefined
}

/** The words a reply to buttons, a list or a template carries: what the customer chose. */
export function choiceOf(type: keyof proto.IMessage, c: proto.IMessage): string {
  switch (type) {
    case 'buttonsResponseMessage':
      return c.buttonsResponseMessage?.selectedDisplayText || c.buttonsResponseMessage?.selectedButtonId || ''
    case 'listResponseMessage':
      return c.listResponseMessage?.title || c.listResponseMessage?.singleSelectReply?.selectedRowId || ''
    case 'templateButtonReplyMessage':
      return (
        c.templateButtonReplyMessage?.selectedDisplayText || c.templateButtonReplyMessage?.selectedId || ''
      )
    default: {
      const r = c.interactiveResponseMessage
      return r?.body?.text || r?.nativeFlowResponseMessage?.name || ''
    }
  }
}

export const POLL_TYPES = [
  'pollCreationMessage',
  'pollCreationMessageV2',
  'pollCreationMessageV3',
  'pollCreationMessageV5',
] as const

export function pollOf(p: proto.Message.IPollCreationMessage | null | undefined): InboundContent {
  return {
    kind: 'poll',
    question: p?.name ?? '',
    options: (p?.options ?? []).map((o) => o.optionName ?? ''),
    selectable: p?.selectableOptionsCount ?? 0,
  }
}
