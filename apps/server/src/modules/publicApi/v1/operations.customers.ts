import {
  ApiScope,
  type FanView,
  fanFilter,
  fanLabelsSetBody,
  fanPageBody,
  fanView,
  sessionCreateBody,
  sessionFanBody,
} from '@app/core'
import { z } from 'zod'
import type { Caller } from '../../../http/caller.js'
import { notFound } from '../../../http/errors.js'
import { FanDirectory } from '../../fans/index.js'
import { id, idParams, limit, openSession, page } from './fields.js'
import { type Operation, operation } from './operation.js'
import type { OperationDeps } from './operations.js'

const remark = sessionFanBody.shape.remark.meta({ description: 'The tenant’s own note on the customer' })

/**
 * Customers (the fans of the tenant's numbers) through the console's own services, with the key's
 * caller: the customers list and its filters, the desk's "new session with a phone", the side
 * panel's remark, the labels module's exact set of labels and the list's "mark invalid".
 */
export function customerOperations(d: OperationDeps): Operation[] {
  const fans = new FanDirectory()

  /** The customer as the list shows it; another tenant's is not found. */
  const customer = async (caller: Caller, fanId: number): Promise<FanView> =>
    (await d.fans.list.detail(caller, fanId)).fan

  /** The remark through the desk where the customer has a conversation (open desks hear of it), else on the customer alone. */
  const setRemark = async (caller: Caller, fan: FanView, value: string) => {
    if (fan.sessionId !== null)
      await d.desk.actions.updateFan(caller, { sessionId: fan.sessionId, remark: value })
    else await fans.update(d.db, caller.tenantId, fan.id, { remark: value })
  }

  return [
    operation({
      method: 'GET',
      path: '/customers',
      operationId: 'listCustomers',
      summary: 'Customers, newest first, narrowed by number, label or keyword',
      tag: 'customers',
      scope: ApiScope.read,
      query: z.object({
        accountId: id.optional().meta({ description: 'Only customers of this number' }),
        labelId: id.optional().meta({ description: 'Only customers carrying this label' }),
        keyword: fanFilter.shape.keyword.meta({
          description: 'Part of the nickname, WhatsApp name, remark or phone; case-insensitive',
        }),
        cursor: fanPageBody.shape.cursor.meta({ description: 'The `nextCursor` of the previous page' }),
        limit,
      }),
      response: page(fanView),
      handler: async ({ principal, query }) => {
        const r = await d.fans.list.page(
          principal.caller,
          {
            keyword: query.keyword || undefined,
            accountIds: query.accountId === undefined ? undefined : [query.accountId],
            labelIds: query.labelId === undefined ? undefined : [query.labelId],
          },
          query.cursor,
          query.limit,
        )
        return { data: r.list, nextCursor: r.nextCursor }
      },
    }),
    operation({
      method: 'GET',
      path: '/customers/:id',
      operationId: 'getCustomer',
      summary: 'One customer',
      tag: 'customers',
      scope: ApiScope.read,
      params: idParams,
      response: fanView,
      handler: async ({ principal, params }) => customer(principal.caller, params.id),
    }),
    operation({
      method: 'POST',
      path: '/customers',
      operationId: 'createCustomer',
      summary: 'Add a customer by phone, with a conversation on one of the tenant’s numbers',
      description:
        'WhatsApp is asked whether the phone exists first. A phone that already is a customer of the number answers that customer (and sets the remark when one is given).',
      tag: 'customers',
      scope: ApiScope.customers,
      body: z.object({
        phone: sessionCreateBody.shape.phone.meta({
          description:
            'The customer’s phone, digits with the country code (`+`, spaces and dashes are ignored)',
        }),
        accountId: id
          .optional()
          .meta({ description: 'The number the customer writes with (default: the first online one)' }),
        remark,
      }),
      response: fanView,
      status: 201,
      create: true,
      handler: async ({ principal, body }) => {
        const caller = principal.caller
        const sessionId = await openSession(d.desk, caller, body.phone, body.accountId)
        const { fanId } = await d.desk.list.one(caller, sessionId)
        if (fanId === null) throw notFound()
        if (body.remark !== undefined)
          await d.desk.actions.updateFan(caller, { sessionId, remark: body.remark })
        return customer(caller, fanId)
      },
    }),
    operation({
      method: 'PATCH',
      path: '/customers/:id',
      operationId: 'updateCustomer',
      summary: 'Change a customer’s remark, or set exactly which labels it carries',
      tag: 'customers',
      scope: ApiScope.customers,
      params: idParams,
      body: z.object({
        remark,
        labelIds: fanLabelsSetBody.shape.labelIds
          .optional()
          .meta({ description: 'Exactly the labels the customer carries afterwards (`[]`: none)' }),
      }),
      response: fanView,
      handler: async ({ principal, params, body }) => {
        const caller = principal.caller
        const fan = await customer(caller, params.id)
        // the labels first: an unknown label refuses the whole change before anything is written
        if (body.labelIds !== undefined) await d.labels.setOnFan(caller, fan.id, body.labelIds)
        if (body.remark !== undefined) await setRemark(caller, fan, body.remark)
        return customer(caller, fan.id)
      },
    }),
    operation({
      method: 'POST',
      path: '/customers/:id/invalid',
      operationId: 'markCustomerInvalid',
      summary: 'Mark a customer invalid: left out of mass sends, and deletable on the desk',
      tag: 'customers',
      scope: ApiScope.customers,
      params: idParams,
      response: fanView,
      handler: async ({ principal, params }) => {
        const r = await d.fans.batches.invalid(principal.caller, [params.id], true)
        if (r.notFound > 0) throw notFound()
        return customer(principal.caller, params.id)
      },
    }),
  ]
}
