import { z } from 'zod'
import { USERNAME_MAX, UserStatus } from '../constants.js'
import { Role } from '../roles.js'
import { checkPassword } from '../validation.js'

/**
 * Platform operations: the staff (operations and business users), the tenants and their
 * supervisors, the operations settings (prices, trial, reminders, business-edition profile) and
 * the admin's system settings and status. Paths of the spec are kept verbatim.
 */
export const PlatformPath = {
  // staff and supervisors (spec paths)
  userCreate: '/damai/admin/user/create',
  userQuery: '/damai/admin/user/query',
  userUpdateStatus: '/damai/admin/user/updateStatus',
  userUpdateRiskStatus: '/damai/admin/user/updateRiskStatus',
  userAddTestUser: '/damai/admin/user/addTestUser',
  userUpdateDetails: '/damai/admin/user/update/details',
  userUpdatePassword: '/damai/admin/user/update/password',
  /** DELETE with the query `?id=` */
  userDelete: '/damai/admin/user',
  /** GET …/queryValidDateRange/{id}: the supervisor's VIP start and end */
  userValidDateRange: '/damai/admin/user/queryValidDateRange/:id',
  userUpdateSpecialChannel: '/damai/admin/user/updateSpecialChannel',
  // new
  /** GET: the sellers the caller may name on a tenant or an order (themselves and, for operations, their salespeople) */
  sellerOptions: '/damai/admin/user/sellerOptions',
  /** POST: /customerManage, tenants as companies */
  tenantQuery: '/damai/admin/tenant/query',
  /** GET, PUT: /configManage, the caller's prices, trial quota and reminder days */
  configGet: '/damai/admin/config/get',
  configUpdate: '/damai/admin/config/update',
  /** GET, PUT: /businessSet, the caller's business-edition profile */
  businessSetGet: '/damai/admin/businessSet/get',
  businessSetUpdate: '/damai/admin/businessSet/update',
  /** GET, PUT: /systemManage/index, platform settings (admin) */
  systemSettingGet: '/damai/admin/systemSetting/get',
  systemSettingUpdate: '/damai/admin/systemSetting/update',
  /** GET: /systemManage/index status panel (admin) */
  systemStatus: '/damai/admin/systemStatus/get',
} as const

// ---- limits ----

export const NICKNAME_MAX = 30
export const TENANT_NAME_MAX = 50
/** Enterprise account (the tenant's sign-in account name): letters, digits, `_` and `-`. */
export const ENTERPRISE_ACCOUNT_MIN = 2
export const ENTERPRISE_ACCOUNT_MAX = 30
export const NEW_USERNAME_MIN = 2
/** A tenant whose VIP ends within this many days, and ports and seats that do, count as "expiring". */
export const EXPIRING_SOON_DAYS = 7
/** Reminders start this many days before a port or seat expires, unless operations set otherwise. */
export const REMINDER_DAYS_DEFAULT = 7
export const REMINDER_DAYS_MAX = 90
export const TRIAL_PORTS_DEFAULT = 1
export const TRIAL_SEATS_DEFAULT = 1
export const TRIAL_DAYS_DEFAULT = 3
export const TRIAL_QUANTITY_MAX = 20
export const TRIAL_DAYS_MAX = 90
/** Price of one port or seat per day, in cents (分); 0 means "not priced". */
export const PRICE_PER_DAY_MAX = 10_000_000
export const PRODUCT_NAME_MAX = 30
export const PAGE_TITLE_MAX = 50
export const SUPPORT_CONTACT_MAX = 200
/** A logo is an https URL or a data URL of a small image (about 150 kB). */
export const LOGO_MAX_CHARS = 200_000
export const SITE_NAME_MAX = 50
export const SETTING_URL_MAX = 500
export const API_KEY_MAX = 200
export const OPT_OUT_WORDS_MAX = 50
export const OPT_OUT_WORD_MAX = 30
export const DEFAULT_OPT_OUT_WORDS: readonly string[] = ['STOP', '退订', 'unsubscribe']

// ---- enums ----

/** Tenant risk status (spec §4): 1 under control, 0 not. */
export const RiskStatus = { normal: 0, underControl: 1 } as const
export type RiskStatusValue = (typeof RiskStatus)[keyof typeof RiskStatus]
/** Roles a platform user may create from the admin pages: operations and business staff, and supervisors. */
export const STAFF_ROLE_IDS = [Role.operations, Role.business] as const
export type StaffRoleId = (typeof STAFF_ROLE_IDS)[number]
/** A tenant's VIP as filtered on /customerManage. */
export const VipState = { active: 'active', expiring: 'expiring', expired: 'expired' } as const
export type VipStateValue = (typeof VipState)[keyof typeof VipState]

/** Whole days until the VIP's last day ends (23:59:59 local), rounded up; 0 once it has ended. */
export function vipDaysLeft(validEndDate: number | null | undefined, now = Date.now()): number {
  if (validEndDate == null) return 0
  const end = new Date(validEndDate)
  end.setHours(23, 59, 59, 999)
  const left = end.getTime() - now
  return left <= 0 ? 0 : Math.ceil(left / 86_400_000)
}

// ---- pieces ----

const id = z.number({ message: 'invalid' }).int().positive()
const pageNo = z.number().int().min(1).default(1)
const pageSize = z.number().int().min(1).max(100).default(10)
const status = z.union([z.literal(UserStatus.enabled), z.literal(UserStatus.disabled)])
const flag = z.union([z.literal(0), z.literal(1)])
const epochMs = z.number({ message: 'invalid' }).int().min(0).max(8_640_000_000_000_000)

/** A new user name: 2–30 letters, digits, `_ . @ -`; unique within its tenant. */
export function checkNewUsername(
  name: string | undefined | null,
): 'username.required' | 'username.format' | null {
  const v = name?.trim()
  if (!v) return 'username.required'
  return new RegExp(`^[A-Za-z0-9_.@-]{${NEW_USERNAME_MIN},${USERNAME_MAX}}$`).test(v)
    ? null
    : 'username.format'
}

/** An enterprise account: 2–30 letters, digits, `_` or `-`; unique across the platform. */
export function checkEnterpriseAccount(
  v: string | undefined | null,
): 'enterprise.required' | 'enterprise.format' | null {
  const s = v?.trim()
  if (!s) return 'enterprise.required'
  return new RegExp(`^[A-Za-z0-9_-]{${ENTERPRISE_ACCOUNT_MIN},${ENTERPRISE_ACCOUNT_MAX}}$`).test(s)
    ? null
    : 'enterprise.format'
}

export const newUsername = z
  .string({ message: 'username.required' })
  .trim()
  .max(USERNAME_MAX * 2, 'username.format')
  .superRefine((v, ctx) => {
    const key = checkNewUsername(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

/** A password being set: the shared rules (the server also checks it differs from the user name). */
export const newPassword = z
  .string({ message: 'password.required' })
  .max(100, 'password.length')
  .superRefine((v, ctx) => {
    const key = checkPassword(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

const nickname = z.string().trim().max(NICKNAME_MAX, 'tooLong')
const enterpriseAccount = z
  .string({ message: 'enterprise.required' })
  .trim()
  .max(ENTERPRISE_ACCOUNT_MAX * 2, 'enterprise.format')
  .superRefine((v, ctx) => {
    const key = checkEnterpriseAccount(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })
const tenantName = z.string().trim().max(TENANT_NAME_MAX, 'tooLong')

// ---- staff and supervisors ----

/**
 * POST /damai/admin/user/create. roleId 2 (operations, by admin) or 3 (business: by admin under
 * `parentId`, by operations under themselves), or 4: a supervisor with a new tenant (by
 * operations, or business for themselves). `sellerId` defaults to the caller.
 */
export const userCreateBody = z.discriminatedUnion('roleId', [
  z.object({
    roleId: z.literal(Role.operations),
    username: newUsername,
    nickname: nickname.optional(),
    password: newPassword,
  }),
  z.object({
    roleId: z.literal(Role.business),
    username: newUsername,
    nickname: nickname.optional(),
    password: newPassword,
    /** the operations user the salesperson reports to (admin only; operations create under themselves) */
    parentId: id.optional(),
  }),
  z.object({
    roleId: z.literal(Role.customerMaster),
    username: newUsername,
    nickname: nickname.optional(),
    password: newPassword,
    /** the tenant's sign-in account name */
    enterpriseAccount,
    /** the company's name; defaults to the enterprise account */
    tenantName: tenantName.optional(),
    validStartDate: epochMs,
    validEndDate: epochMs,
    sellerId: id.optional(),
  }),
])
export type UserCreateBody = z.infer<typeof userCreateBody>

/** POST /damai/admin/addTestUser: a trial tenant with the caller's configured trial quota and length. */
export const addTestUserBody = z.object({
  username: newUsername,
  nickname: nickname.optional(),
  password: newPassword,
  enterpriseAccount,
  tenantName: tenantName.optional(),
  sellerId: id.optional(),
})
export type AddTestUserBody = z.infer<typeof addTestUserBody>

/**
 * POST /damai/admin/user/query: one role's users the caller may see (admin: everyone; operations:
 * themselves, their salespeople and their and their salespeople's supervisors; business: their
 * own supervisors). Newest first.
 */
export const userQueryBody = z.object({
  pageNo,
  pageSize,
  roleId: z.union([z.literal(Role.operations), z.literal(Role.business), z.literal(Role.customerMaster)]),
  /** user name, nickname, or for supervisors the enterprise account or tenant name; ignoring case */
  keyword: z.string().trim().max(50, 'tooLong').optional(),
  status: status.optional(),
  /** business users of one operations user; supervisors sold by one seller */
  parentId: id.optional(),
  sellerId: id.optional(),
})
export type UserQueryBody = z.infer<typeof userQueryBody>

/** PUT /damai/admin/user/updateStatus: disabling signs the user out everywhere. */
export const userStatusBody = z.object({ id, status })
/** PUT /damai/admin/user/updateRiskStatus: `id` is the supervisor; the whole tenant is put under risk control or released. */
export const userRiskStatusBody = z.object({ id, riskStatus: flag })
/** PUT /damai/admin/user/updateSpecialChannel: `id` is the supervisor. */
export const userSpecialChannelBody = z.object({ id, specialChannel: flag })
/** PUT /damai/admin/user/update/password (spec §3 "Password change"): a reset, no current password asked. */
export const userPasswordBody = z.object({ userId: id, password: newPassword })
/** DELETE /damai/admin/user?id= */
export const userIdQuery = z.object({ id: z.coerce.number().int().positive() })
/** GET /damai/admin/user/queryValidDateRange/{id} */
export const userIdParams = z.object({ id: z.coerce.number().int().positive() })

/**
 * PUT /damai/admin/user/update/details: only the fields given change. Tenant fields apply to a
 * supervisor only; `parentId` to a business user (admin only).
 */
export const userDetailsBody = z.object({
  id,
  nickname: nickname.optional(),
  parentId: id.optional(),
  tenantName: tenantName.min(1, 'required').optional(),
  validStartDate: epochMs.optional(),
  validEndDate: epochMs.optional(),
  sellerId: id.optional(),
  /** a trial tenant (made by addTestUser) can be turned into a paying one, or flagged test */
  test: flag.optional(),
})
export type UserDetailsBody = z.infer<typeof userDetailsBody>

// ---- /customerManage ----

/** POST /damai/admin/tenant/query: the tenants the caller may see, newest first. */
export const tenantQueryBody = z.object({
  pageNo,
  pageSize,
  /** enterprise account, tenant name or supervisor name, ignoring case */
  keyword: z.string().trim().max(50, 'tooLong').optional(),
  sellerId: id.optional(),
  riskStatus: flag.optional(),
  specialChannel: flag.optional(),
  test: flag.optional(),
  vip: z.enum([VipState.active, VipState.expiring, VipState.expired]).optional(),
  /** only tenants with a port or seat ending within EXPIRING_SOON_DAYS */
  expiringOnly: z.boolean().optional(),
})
export type TenantQueryBody = z.infer<typeof tenantQueryBody>

// ---- /businessSet ----

const logo = z
  .string()
  .max(LOGO_MAX_CHARS, 'tooLong')
  .refine(
    (v) => v === '' || /^https:\/\//.test(v) || /^data:image\/(png|jpeg|svg\+xml|webp);base64,/.test(v),
    'invalid',
  )

/** PUT /damai/admin/businessSet/update: shown to the tenants sold by the caller and their salespeople. */
export const businessProfileBody = z.object({
  productName: z.string().trim().max(PRODUCT_NAME_MAX, 'tooLong'),
  logo,
  pageTitle: z.string().trim().max(PAGE_TITLE_MAX, 'tooLong'),
  supportContact: z.string().trim().max(SUPPORT_CONTACT_MAX, 'tooLong'),
})
export type BusinessProfile = z.infer<typeof businessProfileBody>
export const BUSINESS_PROFILE_EMPTY: BusinessProfile = {
  productName: '',
  logo: '',
  pageTitle: '',
  supportContact: '',
}

/** The profile as stored and shown. */
export const businessProfileView = z.object({
  productName: z.string(),
  logo: z.string(),
  pageTitle: z.string(),
  supportContact: z.string(),
})
