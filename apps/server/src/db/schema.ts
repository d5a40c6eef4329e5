import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * The database as Kysely sees it. Times are epoch milliseconds; flags are 0/1 integers so the
 * same queries serve SQLite and PostgreSQL.
 */
export interface TenantTable {
  id: Generated<number>
  name: string
  /** The tenant's account name: the "target account" / "enterprise account" typed at sign-in. */
  account: string
  is_platform: number
  risk_status: number
  special_channel: number
  status: number
  created_at: number
  updated_at: number
}

export interface UserTable {
  id: Generated<number>
  tenant_id: number
  username: string
  password_hash: string
  nickname: string
  avatar: string
  role_id: number
  status: number
  valid_start_date: number | null
  valid_end_date: number | null
  target_language: string
  /** Operations user that a business user reports to. */
  parent_user_id: number | null
  created_at: number
  updated_at: number
}

export interface AuthTokenTable {
  id: Generated<number>
  token_hash: string
  user_id: number
  tenant_id: number
  created_at: number
  expires_at: number
  revoked_at: number | null
  last_seen_at: number
  ip: string
  user_agent: string
}

export interface CaptchaTable {
  token: string
  x: number
  y: number
  created_at: number
  expires_at: number
  verified_at: number | null
  used_at: number | null
}

export interface AnnouncementTable {
  id: Generated<number>
  title: string
  content: string
  status: number
  created_by: number
  created_at: number
  updated_at: number
}

export interface LoginFailureTable {
  key: string
  count: number
  window_start: number
  locked_until: number | null
}

export interface Database {
  tenants: TenantTable
  users: UserTable
  auth_tokens: AuthTokenTable
  captchas: CaptchaTable
  announcements: AnnouncementTable
  login_failures: LoginFailureTable
}

export type Tenant = Selectable<TenantTable>
export type NewTenant = Insertable<TenantTable>
export type User = Selectable<UserTable>
export type NewUser = Insertable<UserTable>
export type UserUpdate = Updateable<UserTable>
export type AuthToken = Selectable<AuthTokenTable>
export type Announcement = Selectable<AnnouncementTable>
