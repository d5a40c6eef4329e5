import {
  ErrorCode,
  type OrderCreateBody,
  type OrderKindValue,
  type OrderResult,
  type RecordMergeBody,
  type RecordRefundBody,
  type RecordRenewalBody,
  type RecordView,
} from '@app/core'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { PlatformScope, SettingsService } from '../platform/index.js'
import type { TenantRegistry } from '../users/index.js'
import type { BillingQueries } from './billing.queries.js'
import type { OrdersService } from './orders.service.js'

type Answer = OrderResult | { order: null; records: RecordView[] }

/** The operations side's actions on ports and seats: who the tenant is, who sells, what it costs; the rules are OrdersService's. */
export class BillingService {
  constructor(
    private readonly orders: OrdersService,
    private readonly queries: BillingQueries,
    private readonly scope: PlatformScope,
    private readonly tenants: TenantRegistry,
    private readonly settings: SettingsService,
  ) {}

  /** The tenant an order names (by id, or by its supervisor), if the caller sees it. */
  private async tenantOf(caller: Caller, body: OrderCreateBody) {
    const reach = await this.scope.reach(caller)
    let tenantId = body.tenantId
    if (tenantId === undefined && body.userId !== undefined) {
      const master = await this.tenants.supervisorIn(reach, body.userId)
      if (!master) throw notFound()
      tenantId = master.tenant_id
    }
    const tenant = tenantId === undefined ? undefined : await this.tenants.findIn(reach, tenantId)
    if (!tenant) throw notFound()
    return tenant
  }

  /** An order of ports or seats; the amount defaults to quantity × days × the seller's price per day. */
  async create(caller: Caller, kind: OrderKindValue, body: OrderCreateBody): Promise<Answer> {
    const tenant = await this.tenantOf(caller, body)
    if (body.sellerId !== undefined && !(await this.scope.validSeller(caller, body.sellerId)))
      throw new AppError(ErrorCode.sellerInvalid)
    const sellerId = body.sellerId ?? tenant.seller_user_id
    let amount = body.amount
    if (amount === undefined) {
      const config = await this.settings.configForTenant(tenant.id)
      amount = body.quantity * body.days * (kind === 'port' ? config.portPricePerDay : config.seatPricePerDay)
    }
    const result = await this.orders.create({
      tenantId: tenant.id,
      kind,
      quantity: body.quantity,
      days: body.days,
      amount,
      sellerId,
      operatorId: caller.userId,
      remark: body.remark,
    })
    return this.queries.result(caller, kind, result)
  }

  async renew(caller: Caller, kind: OrderKindValue, body: RecordRenewalBody): Promise<Answer> {
    return this.queries.result(caller, kind, await this.orders.renew(caller, kind, body))
  }

  async refund(caller: Caller, kind: OrderKindValue, body: RecordRefundBody): Promise<Answer> {
    return this.queries.result(caller, kind, await this.orders.refund(caller, kind, body))
  }

  async merge(
    caller: Caller,
    kind: OrderKindValue,
    targetId: number,
    body: RecordMergeBody,
  ): Promise<Answer> {
    return this.queries.result(caller, kind, await this.orders.merge(caller, kind, targetId, body))
  }
}
