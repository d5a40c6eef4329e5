import type { OrderKindValue, Page, RenewalRequestStatusValue, RenewalRequestView } from '@app/core'
import type { Caller } from '../../http/caller.js'
import { notFound } from '../../http/errors.js'
import type { PlatformScope } from '../platform/index.js'
import type { PlatformStaff, TenantRegistry } from '../users/index.js'
import type { RemindersRepository } from './reminders.repository.js'

const ids = (json: string): number[] => {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []
  } catch {
    return []
  }
}

/** Renewal requests as the sellers see them: notes from their tenants, handled by hand. */
export class RenewalRequestsService {
  constructor(
    private readonly reminders: RemindersRepository,
    private readonly scope: PlatformScope,
    private readonly tenants: TenantRegistry,
    private readonly staff: PlatformStaff,
  ) {}

  async page(
    caller: Caller,
    body: { pageNo: number; pageSize: number; status?: RenewalRequestStatusValue },
  ): Promise<Page<RenewalRequestView>> {
    const reach = await this.scope.reach(caller)
    const { list, total } = await this.reminders.requestPage(
      reach.tenantIds === null ? null : [...reach.tenantIds],
      body.status,
      body.pageNo,
      body.pageSize,
    )
    const [tenants, users] = await Promise.all([
      this.tenants.briefsIn(
        reach,
        list.map((r) => r.tenant_id),
      ),
      this.staff.namesIn(
        reach,
        list.flatMap((r) => [r.requested_by, ...(r.handled_by === null ? [] : [r.handled_by])]),
      ),
    ])
    return {
      total,
      list: list.map((r) => {
        const by = users.get(r.requested_by)
        return {
          id: r.id,
          tenantId: r.tenant_id,
          tenantName: tenants.get(r.tenant_id)?.name ?? '',
          enterpriseAccount: tenants.get(r.tenant_id)?.account ?? '',
          kind: r.kind as OrderKindValue,
          recordIds: ids(r.record_ids),
          days: r.days,
          note: r.note,
          requestedBy: r.requested_by,
          requestedByName: by ? by.nickname || by.username : '',
          status: r.status as RenewalRequestStatusValue,
          handledBy: r.handled_by,
          handledAt: r.handled_at,
          createdAt: r.created_at,
        }
      }),
    }
  }

  async handle(caller: Caller, id: number): Promise<void> {
    if (!(await this.reminders.handle(await this.scope.tenantIds(caller), id, caller.userId)))
      throw notFound()
  }
}
