import {
  ErrorCode,
  type FilledOrderTemplate,
  fillOrderTemplate,
  type OrderTemplatePageBody,
  type OrderTemplateView,
  orderTemplateDate,
  type Page,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'

/** What a chat puts into a template's variables. */
interface ChatValues {
  nickname: string
  phone: string
  account: string
}

/** The chat the desk has open, in the caller's scope (not found outside it). */
export type ChatLookup = (caller: Caller, sessionId: number) => Promise<ChatValues>

/**
 * Order templates of the tenant: the supervisor writes them; the desk takes them filled for the
 * open chat ({nickname}, {phone}, {account}, {date}). A name is used once per tenant.
 */
export class OrderTemplatesService {
  constructor(
    private readonly db: Db,
    private readonly chat: ChatLookup,
  ) {}

  async page(tenantId: number, body: OrderTemplatePageBody): Promise<Page<OrderTemplateView>> {
    let q = this.db.selectFrom('order_templates').where('tenant_id', '=', tenantId)
    if (body.name) q = q.where('name', 'like', `%${body.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const rows = await q
      .selectAll()
      .orderBy('id', 'desc')
      .offset((body.pageNo - 1) * body.pageSize)
      .limit(body.pageSize)
      .execute()
    return { list: rows.map(present), total: Number(total.n) }
  }

  async create(
    tenantId: number,
    userId: number,
    body: { name: string; content: string },
  ): Promise<{ id: number }> {
    await this.assertFreeName(tenantId, body.name)
    const now = Date.now()
    const r = await this.db
      .insertInto('order_templates')
      .values({ tenant_id: tenantId, ...body, created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: Number(r.id) }
  }

  async update(tenantId: number, body: { id: number; name: string; content: string }): Promise<void> {
    await this.assertFreeName(tenantId, body.name, body.id)
    const r = await this.db
      .updateTable('order_templates')
      .set({ name: body.name, content: body.content, updated_at: Date.now() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', body.id)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) throw notFound()
  }

  async remove(tenantId: number, id: number): Promise<void> {
    const r = await this.db
      .deleteFrom('order_templates')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(r.numDeletedRows) !== 1) throw notFound()
  }

  /** Every template of the tenant filled for a chat the caller may work on; the date is the caller's day. */
  async forChat(caller: Caller, sessionId: number, utcOffsetMinutes: number): Promise<FilledOrderTemplate[]> {
    const chat = await this.chat(caller, sessionId)
    const values = { ...chat, date: orderTemplateDate(Date.now(), utcOffsetMinutes) }
    const rows = await this.db
      .selectFrom('order_templates')
      .select(['id', 'name', 'content'])
      .where('tenant_id', '=', caller.tenantId)
      .orderBy('name')
      .execute()
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      content: r.content,
      text: fillOrderTemplate(r.content, values),
    }))
  }

  private async assertFreeName(tenantId: number, name: string, except?: number): Promise<void> {
    let q = this.db
      .selectFrom('order_templates')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('name', '=', name)
    if (except !== undefined) q = q.where('id', '!=', except)
    if (await q.executeTakeFirst()) throw new AppError(ErrorCode.orderTemplateNameTaken)
  }
}

function present(r: {
  id: number
  name: string
  content: string
  created_at: number
  updated_at: number
}): OrderTemplateView {
  return {
    id: Number(r.id),
    name: r.name,
    content: r.content,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }
}
