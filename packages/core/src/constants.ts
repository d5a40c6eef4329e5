/** Business constants of spec §9. Every number used on both sides lives here. */
export const CLIENT_VERSION = '2.4.33'
export const VERSION_CHECK_INTERVAL_MS = 1_800_000
export const ANNOUNCEMENT_POLL_MS = 60_000
export const RISK_STATUS_POLL_MS = 1_800_000
export const MOBILE_BREAKPOINT_PX = 992
export const REQUEST_TIMEOUT_MS = 10_000
export const DUPLICATE_WINDOW_MS = 300
export const TOAST_DURATION_MS = 5_000
export const SIDEBAR_WIDTH_PX = 210
export const PASSWORD_DIALOG_WIDTH_PX = 400

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 20
export const LOGIN_PASSWORD_MIN = 4
export const LOGIN_PASSWORD_MAX = 20
export const USERNAME_MAX = 30
/** A user name shared by more tenants than this is checked against its first ones only (each check is a slow hash). */
export const LOGIN_SAME_NAME_MAX = 10

export const GROUP_NAME_MAX = 20
export const LABEL_NAME_MIN = 2
export const LABEL_NAME_MAX = 20
export const INVALID_DELETE_REASON_MAX = 50
export const SESSION_PHONE_MIN = 9
export const SESSION_PHONE_MAX = 20
export const CONTACT_CARD_PHONE_MIN = 8
export const JOIN_GROUP_LINKS_MAX = 20
/** Longest text of one chat message, written at the desk or by a simulated customer. */
export const CHAT_TEXT_MAX = 4096
/** From this length a composer counts the characters left, so the limit never comes as a surprise. */
export const CHAT_TEXT_COUNTER_FROM = 3800
export const ANNOUNCEMENT_TITLE_MAX = 100
export const ANNOUNCEMENT_CONTENT_MAX = 5000
/**
 * Deepest nesting of objects and arrays a JSON body or a socket event may hold. No request of the
 * product nests past a handful of levels; refusing deeper ones before parsing keeps every check
 * that walks a value (validation, the NUL scan) from running out of stack.
 */
export const JSON_DEPTH_MAX = 64

/**
 * Uploads are stored before the material or message that uses them exists: one that nothing uses
 * is removed once it was stored this long ago, by a sweep this often.
 */
export const MEDIA_UNUSED_KEEP_MS = 86_400_000
export const MEDIA_CLEANUP_INTERVAL_MS = 3_600_000

/**
 * Captcha: a block puzzle; the piece must land within this many pixels of the gap. The gap lies
 * anywhere in 202 positions, so a blind drop lands once in 29 tries (7 of 202).
 */
export const CAPTCHA_WIDTH = 310
export const CAPTCHA_HEIGHT = 155
export const CAPTCHA_PIECE = 47
export const CAPTCHA_TOLERANCE_PX = 3
export const CAPTCHA_TTL_MS = 120_000
/**
 * The drag's track the client sends with its drop: samples of the time since the press (ms) and
 * the piece's position (px), at most this many (a longer drag keeps every other sample).
 */
export const CAPTCHA_TRACK_MAX = 400
/**
 * Misses per client address: the first few are free (a person misses once or twice; how many is
 * the server's CAPTCHA_FREE_MISSES), then each miss locks the address, first for a minute and
 * twice as long every time, up to a day; a day without misses starts over. A pass starts over
 * only an address that was never locked: one that was keeps its count and waits an hour, so a
 * guesser's lucky drop buys no fresh tries.
 */
export const CAPTCHA_LOCK_FIRST_MS = 60_000
export const CAPTCHA_PASS_HOLD_MS = 3_600_000
export const CAPTCHA_LOCK_MAX_MS = 86_400_000
export const CAPTCHA_MISSES_FORGET_MS = 86_400_000

/** Announcement status: 0 shows (spec §4). */
export const AnnouncementStatus = { enabled: 0, disabled: 1 } as const
export type AnnouncementStatusValue = (typeof AnnouncementStatus)[keyof typeof AnnouncementStatus]

/** User status. */
export const UserStatus = { enabled: 0, disabled: 1 } as const

export const Language = { zh: 'zh', en: 'en' } as const
export type LanguageCode = (typeof Language)[keyof typeof Language]
export const DEFAULT_LANGUAGE: LanguageCode = 'zh'
export const normalizeLanguage = (v: unknown): LanguageCode =>
  typeof v === 'string' && v.toLowerCase().startsWith('en') ? 'en' : 'zh'

/** Header names of spec §6–7. */
export const Header = {
  tenantId: 'tenant-id',
  language: 'language',
  customerUserId: 'customer-user-id',
  repeatSubmit: 'repeatsubmit',
} as const
