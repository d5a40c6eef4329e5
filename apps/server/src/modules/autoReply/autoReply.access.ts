import type { Caller } from '../../http/caller.js'
import type { RuleRow } from './autoReply.repository.js'

export type AutoReplyAction = 'see' | 'operate'

type RuleCaller = Pick<Caller, 'agentId' | 'actingUserId'>
type RuleFacts = Pick<RuleRow, 'classification' | 'creator_user_id' | 'agent_user_ids'>

/**
 * Who may do what with an auto-reply rule, in one place. An agent sees the public rules, their
 * own and the personal rules naming them; the supervisor sees all. Only the rule's creator (the
 * caller, or the agent a supervisor acts as) edits, enables or deletes it.
 */
export function can(caller: RuleCaller, action: AutoReplyAction, row: RuleFacts): boolean {
  const sees =
    caller.agentId === null ||
    row.classification === 'public' ||
    row.creator_user_id === caller.agentId ||
    (JSON.parse(row.agent_user_ids) as number[]).includes(caller.agentId)
  if (action === 'see') return sees
  return sees && row.creator_user_id === caller.actingUserId
}
