import type { Generated } from 'kysely'

/** Tables of labels, materials (migration 0004) and the agent desk (migration 0005); part of `Database` in schema.ts. */

// ---- labels and materials (migration 0004) ----

export interface LabelTable {
  id: Generated<number>
  tenant_id: number
  name: string
  /** lower-cased name: unique per tenant, so names differ ignoring case */
  name_key: string
  created_by: number
  created_at: number
  updated_at: number
}

export interface FanLabelTable {
  tenant_id: number
  fan_id: number
  label_id: number
  created_at: number
}

export interface MaterialGroupTable {
  id: Generated<number>
  tenant_id: number
  /** core MaterialOwnerType: 1 public, 2 personal */
  owner_type: number
  /** the agent of a personal library; 0 for the public one */
  owner_user_id: number
  name: string
  name_key: string
  created_at: number
}

export interface MaterialTable {
  id: Generated<number>
  tenant_id: number
  owner_type: number
  owner_user_id: number
  /** core MaterialUsage */
  usage: string
  /** core MaterialType */
  type: string
  name: string
  group_id: number | null
  enabled: Generated<number>
  /** JSON: the core MaterialContent without its mediaId (kept in media_id) */
  content: string
  media_id: number | null
  created_by: number
  created_at: number
  updated_at: number
}

// ---- the agent desk (migration 0005) ----

/** A user's read position in a session: their unread is `sessions.unread_count - read_count`. */
export interface SessionReadTable {
  id: Generated<number>
  tenant_id: number
  session_id: number
  user_id: number
  last_read_message_id: number | null
  /** `sessions.unread_count` when last read; below it by one when marked unread by hand */
  read_count: Generated<number>
  updated_at: number
}

/** The one live desk of an agent (`user_id`, the acting user); `holder_user_id` opened it. */
export interface DeskPresenceTable {
  id: Generated<number>
  tenant_id: number
  user_id: number
  holder_user_id: number
  desk_id: string
  updated_at: number
}

/** A user mentioned in an internal note (a message of type `note`) of a session (migration 0028). */
export interface SessionMentionTable {
  id: Generated<number>
  tenant_id: number
  session_id: number
  /** the note */
  message_id: number
  /** who was mentioned */
  user_id: number
  author_user_id: number
  created_at: number
  /** null until the mentioned user reads it */
  read_at: number | null
}

/** What was deleted, by whom, when and why (spec: invalid-customer deletions are kept as records). */
export interface SessionDeletionTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  session_type: string
  title: string
  phone: string | null
  account_phone: string | null
  reason: string
  message_count: number
  /** whose customer it was: the acting agent, else the session's agent (the supervisor when none) */
  owner_user_id: number
  /** who deleted it */
  deleted_by: number
  deleted_at: number
}

/** One hand-over of a lost account's fans to another account (migration 0012). */
export interface FanInheritanceTable {
  id: Generated<number>
  tenant_id: number
  from_account_id: number
  to_account_id: number
  mode: string
  /** JSON arrays of ids, null when not chosen that way */
  fan_ids: string | null
  label_ids: string | null
  /** JSON array of the chosen labels' names at the time */
  label_names: Generated<string>
  moved: Generated<number>
  repeated: Generated<number>
  status: string
  /** the last source fan id a committed batch handled */
  last_fan_id: Generated<number>
  lease_until: Generated<number>
  created_by: number
  created_at: number
  updated_at: number
  finished_at: number | null
}

/**
 * Two fans of an account found to be one person (a phone and a WhatsApp hidden id, migration
 * 0026): the absorbed fan `from_fan_id` went into `into_fan_id`. `record` (JSON) holds both fans
 * and sessions as they were and the ids of every row moved, enough to split them back.
 */
export interface FanMergeTable {
  id: Generated<number>
  tenant_id: number
  account_id: number
  into_fan_id: number
  from_fan_id: number
  into_session_id: number | null
  from_session_id: number | null
  pn: string
  lid: string
  source: string
  record: string
  merged_at: number
  unmerged_at: number | null
}
