import type { Generated } from 'kysely'

/** Sign-in guards and announcements (part of `Database` in schema.ts): slider captchas, failed sign-ins and captcha misses, platform announcements. */

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

/** Missed captcha checks of one client address (migration 0007): growing locks against guessing. */
export interface CaptchaFailureTable {
  ip: string
  failures: number
  last_failure_at: number
  locked_until: number | null
}

// ---- messaging (migration 0002): enum columns hold the string values of packages/core ----
