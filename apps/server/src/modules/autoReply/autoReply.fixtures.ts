import { AutoReplyPath } from '@app/core'

/** A valid body of a public rule; `over` replaces fields. */
export function ruleBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Price list',
    classification: 'public',
    audience: 'all',
    replyType: 'all',
    matchMode: 'half',
    keywords: ['price'],
    replyLimit: null,
    replyDelay: 0,
    sendInterval: 0,
    sentences: [{ type: 'text', text: 'Our prices start at 9.90' }],
    agentUserIds: [],
    enabled: true,
    ...over,
  }
}

export const P = AutoReplyPath
