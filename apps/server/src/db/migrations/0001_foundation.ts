import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/** Tenants, users, tokens, captchas, announcements, sign-in failure counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('tenants'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('is_platform', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('risk_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('special_channel', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('users'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_start_date', 'bigint')
    .addColumn('valid_end_date', 'bigint')
    .addColumn('target_language', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('parent_user_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('users_tenant_username', ['tenant_id', 'username'])
    .execute()
  await db.schema.createIndex('users_username').on('users').column('username').execute()

  await withId(db, db.schema.createTable('auth_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').column('user_id').execute()

  await db.schema
    .createTable('captchas')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('x', 'integer', (c) => c.notNull())
    .addColumn('y', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('used_at', 'bigint')
    .execute()

  await withId(db, db.schema.createTable('announcements'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['login_failures', 'announcements', 'captchas', 'auth_tokens', 'users', 'tenants']) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
