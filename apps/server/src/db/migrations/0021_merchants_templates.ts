import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Number-merchant codes and the accounts linked through them, order templates, and what the
 * product last applied to or learnt about an account's profile (name, picture, IP area).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('merchant_codes'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    // slots taken: numbers linked plus linkings under way; raised only while below the quota
    .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('merchant_codes_tenant')
    .on('merchant_codes')
    .columns(['tenant_id', 'id'])
    .execute()

  await withId(db, db.schema.createTable('merchant_links'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('code_id', 'bigint', (c) => c.notNull().references('merchant_codes.id'))
    // the WS account the supplier linked (owned by the accounts module: no foreign key)
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    // a linking under way holds its slot until then; null once the number is linked
    .addColumn('pending_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // a number counts once against a code however often it is linked again
  await db.schema
    .createIndex('merchant_links_code_account')
    .on('merchant_links')
    .columns(['code_id', 'account_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('merchant_links_tenant')
    .on('merchant_links')
    .columns(['tenant_id', 'code_id'])
    .execute()

  await withId(db, db.schema.createTable('order_templates'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('order_templates_tenant')
    .on('order_templates')
    .columns(['tenant_id', 'id'])
    .execute()

  await withId(db, db.schema.createTable('account_profiles'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().unique())
    // the WhatsApp profile name last set (null: never set from here)
    .addColumn('name', 'text')
    // the media file of the avatar last set
    .addColumn('picture_media_id', 'bigint')
    // ISO country of the proxy's exit address, and the proxy it was resolved for
    .addColumn('ip_area', 'text')
    .addColumn('ip_area_proxy', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('account_profiles_tenant')
    .on('account_profiles')
    .columns(['tenant_id', 'account_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_profiles').execute()
  await db.schema.dropTable('order_templates').execute()
  await db.schema.dropTable('merchant_links').execute()
  await db.schema.dropTable('merchant_codes').execute()
}
