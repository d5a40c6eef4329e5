import {
  type AutoReplyPageBody,
  type AutoReplyRuleView,
  type AutoReplySaveBody,
  ErrorCode,
  type OutboundContentInput,
  type Page,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, badRequest, notFound } from '../../http/errors.js'
import { can } from './autoReply.access.js'
import { presentRule } from './autoReply.presenter.js'
import { AutoReplyRepository, type NewRule, type RuleRow } from './autoReply.repository.js'

/** The calls on other modules the rules need. */
export interface AutoReplyLookups {
  /** the users module: an enabled customer-service agent of the tenant */
  isActiveAgent(tenantId: number, userId: number): Promise<boolean>
  /** the labels module: the tenant's label ids */
  labelIds(tenantId: number): Promise<number[]>
  /** the material libraries: what a material sends as, for a user who must see it (throws when not usable) */
  material(tenantId: number, userId: number, materialId: number): Promise<OutboundContentInput>
}

/**
 * The rules: list, create, edit, enable, delete. Only the creator operates a rule; an agent (or
 * a supervisor acting as one on the desk) makes personal rules for themselves.
 */
export class AutoReplyService {
  readonly repo: AutoReplyRepository

  constructor(
    db: Db,
    private readonly lookups: AutoReplyLookups,
    /** told after every change of a tenant's rules (the matcher is rebuilt) */
    private readonly changed: (tenantId: number) => void,
  ) {
    this.repo = new AutoReplyRepository(db)
  }

  /** The rules the caller sees, newest first, with their statistics and what the caller may do. */
  async page(caller: Caller, body: AutoReplyPageBody): Promise<Page<AutoReplyRuleView>> {
    const { rows, total } = await this.repo.page(
      caller.tenantId,
      {
        keyword: body.keyword,
        classification: body.classification,
        enabled: body.enabled,
        agentId: caller.agentId,
      },
      (body.pageNo - 1) * body.pageSize,
      body.pageSize,
    )
    return { list: rows.map((r) => presentRule(r, can(caller, 'operate', r))), total }
  }

  /** Create a rule; the caller (or the agent a supervisor acts as) is its creator. */
  async create(caller: Caller, body: AutoReplySaveBody): Promise<{ id: number }> {
    const fields = await this.checked(caller, body)
    const now = Date.now()
    const id = await this.repo.insert({
      ...fields,
      tenant_id: caller.tenantId,
      creator_user_id: caller.actingUserId,
      created_at: now,
      updated_at: now,
    })
    this.changed(caller.tenantId)
    return { id }
  }

  /** Replace a rule's settings: its creator only. */
  async update(caller: Caller, id: number, body: AutoReplySaveBody): Promise<void> {
    await this.operable(caller, id)
    const fields = await this.checked(caller, body)
    await this.repo.update(caller.tenantId, id, { ...fields, updated_at: Date.now() })
    this.changed(caller.tenantId)
  }

  /** Turn a rule on or off: its creator only. */
  async enable(caller: Caller, id: number, enabled: boolean): Promise<void> {
    await this.operable(caller, id)
    await this.repo.update(caller.tenantId, id, { enabled: enabled ? 1 : 0, updated_at: Date.now() })
    this.changed(caller.tenantId)
  }

  /** Delete a rule with its reply counts: its creator only. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.operable(caller, id)
    await this.repo.delete(caller.tenantId, id)
    this.changed(caller.tenantId)
  }

  /** A rule the caller sees (else not found) and created (else the spec's refusal). */
  private async operable(caller: Caller, id: number): Promise<RuleRow> {
    const row = await this.repo.get(caller.tenantId, id)
    if (!row || !can(caller, 'see', row)) throw notFound()
    if (!can(caller, 'operate', row)) throw new AppError(ErrorCode.autoReplyNotCreator)
    return row
  }

  /** The columns of a valid rule: customer service, labels and materials checked against the tenant. */
  private async checked(
    caller: Caller,
    body: AutoReplySaveBody,
  ): Promise<Omit<NewRule, 'tenant_id' | 'creator_user_id' | 'created_at' | 'updated_at'>> {
    const { tenantId } = caller
    let agents: number[] = []
    if (caller.agentId !== null) {
      // an agent's rule is personal and answers on their own accounts
      if (body.classification !== 'personal') throw new AppError(ErrorCode.autoReplyPublicForbidden)
      agents = [caller.agentId]
    } else if (body.classification === 'personal') {
      agents = [...new Set(body.agentUserIds)]
      if (agents.length === 0) throw badRequest('autoReply.customerServiceRequired')
      for (const a of agents)
        if (!(await this.lookups.isActiveAgent(tenantId, a)))
          throw new AppError(ErrorCode.autoReplyAgentUnknown)
    }
    let labels: number[] = []
    if (body.audience === 'labels') {
      const known = new Set(await this.lookups.labelIds(tenantId))
      labels = [...new Set(body.labelIds)]
      if (labels.some((l) => !known.has(l))) throw new AppError(ErrorCode.autoReplyLabelUnknown)
    }
    for (const s of body.sentences)
      if (s.type === 'material') {
        try {
          await this.lookups.material(tenantId, caller.actingUserId, s.materialId)
        } catch {
          throw new AppError(ErrorCode.autoReplyMaterialUnusable)
        }
      }
    return {
      name: body.name,
      classification: body.classification,
      audience: body.audience,
      reply_type: body.replyType,
      match_mode: body.matchMode,
      keywords: JSON.stringify([...new Set(body.keywords)]),
      label_ids: JSON.stringify(labels),
      reply_limit: body.replyLimit,
      reply_delay: body.replyDelay,
      send_interval: body.sendInterval,
      sentences: JSON.stringify(body.sentences),
      agent_user_ids: JSON.stringify(agents),
      enabled: body.enabled ? 1 : 0,
    }
  }
}
