import { z } from 'zod'
import { Access } from '../access.js'
import { pageOf } from '../errors.js'
import { formatDateTime } from '../time.js'
import { endpoint } from './contract.js'

/** Order templates: messages with variables, filled for the chat open at the desk. */
export const OrderTemplatePath = {
  page: '/damai/customer/orderTemplate/page',
  create: '/damai/customer/orderTemplate',
  update: '/damai/customer/orderTemplate',
  remove: '/damai/customer/orderTemplate',
  /** spec: the desk composer's template picker */
  forChat: '/damai/customer/user/getOrderTemplate',
} as const

export const ORDER_TEMPLATE_NAME_MAX = 20
export const ORDER_TEMPLATE_CONTENT_MAX = 1000
/** The variables a template may hold. */
export const ORDER_TEMPLATE_VARIABLES = ['nickname', 'phone', 'account', 'date'] as const
export type OrderTemplateVariable = (typeof ORDER_TEMPLATE_VARIABLES)[number]

const id = z.number({ message: 'invalid' }).int().positive()
const name = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(ORDER_TEMPLATE_NAME_MAX, 'tooLong')
const content = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(ORDER_TEMPLATE_CONTENT_MAX, 'tooLong')

export const orderTemplatePageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  name: z.string().trim().max(ORDER_TEMPLATE_NAME_MAX, 'tooLong').optional(),
})
export type OrderTemplatePageBody = z.infer<typeof orderTemplatePageBody>
export const orderTemplateCreateBody = z.object({ name, content })
export const orderTemplateUpdateBody = z.object({ id, name, content })
export const orderTemplateIdQuery = z.object({ id: z.coerce.number().int().positive() })

/** The desk asks for the templates filled for one of its chats; the date is the viewer's day. */
export const orderTemplateForChatBody = z.object({
  sessionId: id,
  utcOffsetMinutes: z.number().int().min(-840).max(840).default(0),
})

export const orderTemplateView = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
})
export type OrderTemplateView = z.infer<typeof orderTemplateView>

export const filledOrderTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  /** the content with the chat's variables put in */
  text: z.string(),
})
export type FilledOrderTemplate = z.infer<typeof filledOrderTemplate>

export type OrderTemplateValues = Record<OrderTemplateVariable, string>

/** A template with `{nickname}`, `{phone}`, `{account}` and `{date}` replaced; other braces stay as typed. */
export function fillOrderTemplate(content: string, values: OrderTemplateValues): string {
  return content.replace(/\{(nickname|phone|account|date)\}/g, (_m, k: OrderTemplateVariable) => values[k])
}

/** The `{date}` of a template: the viewer's day, year-month-day. */
export function orderTemplateDate(now: number, utcOffsetMinutes: number): string {
  return formatDateTime(now, utcOffsetMinutes).slice(0, 10)
}

/** The supervisor keeps the templates; the desk fills them for its chats. */
const master = { roles: Access.master, tags: ['orderTemplates'] } as const
const P = OrderTemplatePath

export const orderTemplateEndpoints = {
  page: endpoint({
    ...master,
    method: 'POST',
    path: P.page,
    summary: 'Order templates of the tenant',
    body: orderTemplatePageBody,
    response: pageOf(orderTemplateView),
  }),
  create: endpoint({
    ...master,
    method: 'POST',
    path: P.create,
    summary: 'Add an order template',
    body: orderTemplateCreateBody,
    response: z.object({ id: z.number().int() }),
  }),
  update: endpoint({
    ...master,
    method: 'PUT',
    path: P.update,
    summary: 'Change an order template',
    body: orderTemplateUpdateBody,
    response: z.null(),
  }),
  remove: endpoint({
    ...master,
    method: 'DELETE',
    path: P.remove,
    summary: 'Delete an order template',
    query: orderTemplateIdQuery,
    response: z.null(),
  }),
  forChat: endpoint({
    roles: Access.desk,
    tags: ['orderTemplates'],
    method: 'POST',
    path: P.forChat,
    summary: 'The order templates filled for a chat of the desk',
    body: orderTemplateForChatBody,
    response: z.object({ list: z.array(filledOrderTemplate) }),
  }),
}
