import type { Kysely } from 'kysely'
import { withId } from '../dialect.js'

/**
 * Labels and their links to fans; material groups and materials (public and personal libraries).
 * Label and group names are unique per tenant (per library for groups) ignoring case, through a
 * lower-cased key column written by the server, so both dialects enforce it with a plain index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('labels'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('labels_tenant_name_key', ['tenant_id', 'name_key'])
    .execute()
  await db.schema
    .createIndex('labels_tenant_created')
    .on('labels')
    .columns(['tenant_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('fan_labels')
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('fan_id', 'bigint', (c) => c.notNull().references('fans.id').onDelete('cascade'))
    .addColumn('label_id', 'bigint', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fan_labels_pk', ['fan_id', 'label_id'])
    .execute()
  await db.schema.createIndex('fan_labels_label').on('fan_labels').columns(['label_id', 'fan_id']).execute()

  await withId(db, db.schema.createTable('material_groups'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('owner_type', 'integer', (c) => c.notNull())
    /** the agent of a personal library; 0 for the public one */
    .addColumn('owner_user_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('material_groups_library_name', ['tenant_id', 'owner_user_id', 'name_key'])
    .execute()

  await withId(db, db.schema.createTable('materials'))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().references('tenants.id'))
    .addColumn('owner_type', 'integer', (c) => c.notNull())
    .addColumn('owner_user_id', 'bigint', (c) => c.notNull())
    .addColumn('usage', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_id', 'bigint', (c) => c.references('material_groups.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('media_id', 'bigint', (c) => c.references('media_files.id'))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('materials_library')
    .on('materials')
    .columns(['tenant_id', 'owner_user_id', 'usage', 'id'])
    .execute()
  await db.schema.createIndex('materials_group').on('materials').column('group_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['materials', 'material_groups', 'fan_labels', 'labels'])
    await db.schema.dropTable(t).ifExists().execute()
}
