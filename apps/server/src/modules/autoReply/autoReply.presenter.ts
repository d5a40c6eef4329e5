import type {
  AutoReplyAudienceValue,
  AutoReplyClassificationValue,
  AutoReplyMatchValue,
  AutoReplyRuleView,
  AutoReplySentence,
  AutoReplyTypeValue,
} from '@app/core'
import type { RuleListRow, RuleRow } from './autoReply.repository.js'

/** A rule as its stored JSON columns read back. */
export interface ParsedRule {
  row: RuleRow
  keywords: string[]
  labelIds: number[]
  agentUserIds: number[]
  sentences: AutoReplySentence[]
}

export function parseRule(row: RuleRow): ParsedRule {
  return {
    row,
    keywords: JSON.parse(row.keywords) as string[],
    labelIds: JSON.parse(row.label_ids) as number[],
    agentUserIds: JSON.parse(row.agent_user_ids) as number[],
    sentences: JSON.parse(row.sentences) as AutoReplySentence[],
  }
}

/** What leaves the server for a rule; `mine`: the caller created it, and so alone may operate it. */
export function presentRule(r: RuleListRow, mine: boolean): AutoReplyRuleView {
  const p = parseRule(r)
  return {
    id: r.id,
    name: r.name,
    classification: r.classification as AutoReplyClassificationValue,
    audience: r.audience as AutoReplyAudienceValue,
    labelIds: p.labelIds,
    replyType: r.reply_type as AutoReplyTypeValue,
    matchMode: r.match_mode as AutoReplyMatchValue,
    keywords: p.keywords,
    replyLimit: r.reply_limit,
    replyDelay: r.reply_delay,
    sendInterval: r.send_interval,
    sentences: p.sentences,
    agentUserIds: p.agentUserIds,
    enabled: r.enabled === 1,
    creatorUserId: Number(r.creator_user_id),
    creatorName: r.creator_name ?? '',
    stats: { hits: Number(r.hits), replies: Number(r.replies), customers: r.customers },
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    can: { edit: mine, delete: mine, enable: mine },
  }
}
