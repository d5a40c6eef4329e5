import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect.js'

/**
 * Search of the chat history. PostgreSQL indexes this expression: a message's text (or caption)
 * and its file name, lower-cased, on two lines; a query must repeat it exactly for the index to
 * serve it, so the repository takes it from here. `alias` names the messages table in a query.
 */
export function pgSearchText(alias?: string): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c)
  return `lower(${col('body')} || chr(10) || coalesce(substring(${col('meta')} from '"fileName":"([^"]*)"'), ''))`
}

/**
 * The predicates of the history's two partial indexes: a query states one of them, literally, to
 * walk a tenant's history (or one WS account's) in order. On an id, not the time: SQLite would
 * take a literal time bound for the range to read and ignore the query's own (a cursor, a time
 * filter).
 */
export const HISTORY_TENANT_PREDICATE = 'tenant_id > 0'
export const HISTORY_ACCOUNT_PREDICATE = 'account_id > 0'

/** The file name SQLite indexes: `meta` is JSON, and an unreadable one must not stop the write. */
const sqliteFileName = (row: 'new' | 'messages') =>
  `case when json_valid(${row}.meta) then json_extract(${row}.meta, '$.fileName') end`

/**
 * The chat history's search: newest-first paging of a tenant's messages by (timestamp, id), and a
 * full-text index of every message's text and file name that finds any substring of three or
 * more characters, Chinese included, ignoring case. SQLite: a trigram FTS5 table (contentless:
 * the text stays in `messages` only), kept in step by triggers and filled here from the messages
 * already stored. PostgreSQL: a pg_trgm GIN index over `pgSearchText()`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The tenant's history newest first, and one WS account's, with the columns the search filters
  // on, so a filter is tested in the index without reading the message. Each is partial on a
  // condition every message meets, so that only a query stating it uses it: without statistics
  // SQLite would otherwise take one for a chat's page (tenant and session given) and walk the
  // tenant's whole history instead of the session's index.
  await db.schema
    .createIndex('messages_tenant_time')
    .on('messages')
    .columns(['tenant_id', 'timestamp', 'id', 'account_id', 'session_id', 'from_me', 'type'])
    .where(sql<boolean>`${sql.raw(HISTORY_TENANT_PREDICATE)}`)
    .execute()
  await db.schema
    .createIndex('messages_account_time')
    .on('messages')
    .columns(['account_id', 'timestamp', 'id', 'session_id', 'from_me', 'type'])
    .where(sql<boolean>`${sql.raw(HISTORY_ACCOUNT_PREDICATE)}`)
    .execute()

  if (dialectOf(db) === 'postgres') {
    // pg_trgm ships with PostgreSQL and is a trusted extension: the database's owner may create it
    await sql`create extension if not exists pg_trgm`.execute(db)
    await sql
      .raw(`create index messages_search_trgm on messages using gin ((${pgSearchText()}) gin_trgm_ops)`)
      .execute(db)
    return
  }

  await sql`create virtual table messages_fts using fts5(
    body, file_name, tokenize = 'trigram', content = '', contentless_delete = 1
  )`.execute(db)
  await sql
    .raw(`create trigger messages_fts_insert after insert on messages begin
      insert into messages_fts (rowid, body, file_name) values (new.id, new.body, ${sqliteFileName('new')});
    end`)
    .execute(db)
  // only a change of the text or the details re-indexes: status and delivery updates stay cheap
  await sql
    .raw(`create trigger messages_fts_update after update of body, meta on messages begin
      delete from messages_fts where rowid = old.id;
      insert into messages_fts (rowid, body, file_name) values (new.id, new.body, ${sqliteFileName('new')});
    end`)
    .execute(db)
  await sql`create trigger messages_fts_delete after delete on messages begin
      delete from messages_fts where rowid = old.id;
    end`.execute(db)
  await sql
    .raw(
      `insert into messages_fts (rowid, body, file_name) select id, body, ${sqliteFileName('messages')} from messages`,
    )
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists messages_search_trgm`.execute(db)
  } else {
    await sql`drop trigger if exists messages_fts_delete`.execute(db)
    await sql`drop trigger if exists messages_fts_update`.execute(db)
    await sql`drop trigger if exists messages_fts_insert`.execute(db)
    await sql`drop table if exists messages_fts`.execute(db)
  }
  await db.schema.dropIndex('messages_account_time').ifExists().execute()
  await db.schema.dropIndex('messages_tenant_time').ifExists().execute()
}
