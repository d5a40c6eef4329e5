import { MassSendAudience, type MassSendCustomerFilter, RecipientState, Role } from '@app/core'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { Caller } from '../../http/caller.js'
import type { MassAudienceQuery } from '../fans/index.js'
import type { TaskLifecycle } from './massSend.lifecycle.js'
import type { MassSendRepository, TaskRow } from './massSend.repository.js'
import type { RecipientsRepository } from './recipients.repository.js'

/** Mass-send engine. */
const system = openSystemScope('modules/massSend/massSend.prepare')

/** Customers read per batch: each batch commits with the cursor, so a restart goes on after it. */
const PREPARE_BATCH = 1_000

/** The caller a task's owner was: an agent's task reaches only the agent's customers and accounts. */
function callerOfTask(task: Pick<TaskRow, 'tenant_id' | 'owner_user_id' | 'agent_scope'>): Caller {
  return {
    tenantId: task.tenant_id,
    userId: task.owner_user_id,
    roleId: task.agent_scope === null ? Role.customerMaster : Role.customerUser,
    username: '',
    tokenId: 0,
    isPlatform: false,
    actingUserId: task.owner_user_id,
    agentId: task.agent_scope,
  }
}

/**
 * Builds the audience of preparing tasks: a customers task reads its filter in batches of fans
 * (in id order, the cursor on the task), under a lease on the task; strangers and groups got
 * their recipients when created. Then the task's lanes are made and it runs or waits.
 */
export class Preparer {
  constructor(
    private readonly db: Db,
    private readonly tasks: MassSendRepository,
    private readonly recipients: RecipientsRepository,
    private readonly audience: MassAudienceQuery,
    private readonly lifecycle: TaskLifecycle,
    private readonly owner: string,
    private readonly leaseMs: number,
  ) {}

  /** One batch of one task; true when there may be more to do at once. */
  async prepareOne(now: number): Promise<boolean> {
    const task = await this.tasks.systemClaimPreparing(system, this.owner, now, this.leaseMs)
    if (!task) return false
    if (task.audience === MassSendAudience.customers && task.customer_filter) {
      const filter = JSON.parse(task.customer_filter) as MassSendCustomerFilter
      const fans = await this.audience.page(
        callerOfTask(task),
        {
          includeLabelIds: filter.all ? [] : filter.includeLabelIds,
          excludeLabelIds: filter.excludeLabelIds,
          accountIds: JSON.parse(task.account_ids) as number[],
          country: filter.country,
          source: filter.source,
        },
        task.prepare_cursor,
        PREPARE_BATCH,
      )
      const last = fans.at(-1)
      if (last) {
        const kept = await this.db.transaction().execute(async (tx) => {
          await this.recipients.insertMany(
            tx,
            fans.map((f) => ({
              tenant_id: task.tenant_id,
              task_id: task.id,
              account_id: f.account_id,
              phone: f.phone,
              fan_id: f.id,
              title: f.nickname || f.push_name || f.phone || '',
              state: RecipientState.pending,
              updated_at: now,
            })),
          )
          // the batch stands only if this process still holds the task (else it rolls back)
          if (!(await this.tasks.systemAdvancePreparation(system, tx, task, this.owner, last.id)))
            throw new Error(`task ${task.id} preparation taken over`)
          return true
        })
        if (kept && fans.length === PREPARE_BATCH) return true
      }
    }
    await this.lifecycle.finishPreparation(task, now)
    return true
  }
}
