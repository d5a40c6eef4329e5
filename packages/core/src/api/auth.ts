import { z } from 'zod'
import { Access } from '../access.js'
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  CAPTCHA_TRACK_MAX,
  CAPTCHA_TTL_MS,
  LOGIN_PASSWORD_MAX,
  USERNAME_MAX,
} from '../constants.js'
import { pageOf } from '../errors.js'
import { checkLoginPassword, checkPassword } from '../validation.js'
import { endpoint } from './contract.js'
import { businessProfileBody } from './platform.js'

const username = z
  .string({ message: 'username.required' })
  .trim()
  .min(1, 'username.required')
  .max(USERNAME_MAX, 'username.length')
const loginPassword = z
  .string({ message: 'password.required' })
  .max(LOGIN_PASSWORD_MAX, 'password.loginLength')
  .superRefine((v, ctx) => {
    const key = checkLoginPassword(v)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

/** POST /damai/system/auth/login */
export const loginBody = z.object({
  username,
  password: loginPassword,
  /** The tenant's account name; needed only when the user name exists in several tenants. */
  targetAccount: z.string().trim().max(USERNAME_MAX, 'tooLong').optional(),
})
export type LoginBody = z.infer<typeof loginBody>

/** POST /damai/system/auth/admin/login */
export const adminLoginBody = z.object({
  enterUsername: z.string({ message: 'required' }).trim().min(1, 'required').max(USERNAME_MAX, 'tooLong'),
  username,
  password: loginPassword,
  captchaVerification: z
    .string({ message: 'captcha.required' })
    .min(1, 'captcha.required')
    .max(200, 'invalid'),
})
export type AdminLoginBody = z.infer<typeof adminLoginBody>

export const loginResult = z.object({
  accessToken: z.string(),
  expiresAt: z.number(),
  tenantId: z.number(),
  userId: z.number(),
})
export type LoginResult = z.infer<typeof loginResult>

/** One sample of the drag: milliseconds since the press, and where the piece was (px). */
export const captchaTrackPoint = z.object({
  t: z.number().int().min(0).max(CAPTCHA_TTL_MS),
  x: z.number().min(0).max(1000),
})
export type CaptchaTrackPoint = z.infer<typeof captchaTrackPoint>

/** POST /damai/system/captcha/check: where the piece was dropped, and the drag that took it there. */
export const captchaCheckBody = z.object({
  token: z.string().min(1, 'captcha.required').max(100, 'invalid'),
  x: z.number().min(0).max(1000),
  track: z.array(captchaTrackPoint).min(1).max(CAPTCHA_TRACK_MAX),
})
export type CaptchaCheckBody = z.infer<typeof captchaCheckBody>

export const captchaImage = z.object({
  token: z.string(),
  backgroundImage: z.string(),
  pieceImage: z.string(),
  pieceY: z.number(),
  width: z.number(),
  height: z.number(),
  pieceSize: z.number(),
  expiresAt: z.number(),
})
export type CaptchaImage = z.infer<typeof captchaImage>

/**
 * Password change by the signed-in user (spec §5 dialog): the current password proves it is the
 * user and not only their token; an admin's reset of another user's password does not ask for it.
 */
export const changePasswordBody = z.object({
  oldPassword: z
    .string({ message: 'password.currentRequired' })
    .min(1, 'password.currentRequired')
    .max(LOGIN_PASSWORD_MAX, 'password.loginLength'),
  password: z.string({ message: 'password.required' }).max(100, 'password.length'),
})
export type ChangePasswordBody = z.infer<typeof changePasswordBody>
export { checkPassword }

/** "Current user" of spec §3. */
export const currentUser = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  roleId: z.number(),
  tenantId: z.number(),
  tenantName: z.string(),
  tenantAccount: z.string(),
  validDate: z.tuple([z.number().nullable(), z.number().nullable()]),
  vipExpired: z.boolean(),
  targetLanguage: z.string(),
  permissionVO: z.record(z.string(), z.unknown()),
  specialChannelData: z.object({ tenantSpecialChannel: z.boolean(), specialChannel: z.boolean() }),
  riskStatus: z.number(),
  enableMasterAiTranslate: z.boolean(),
  translateTools: z.array(z.string()),
  /** the business-edition profile of the operations team that sells the tenant; null for the platform's own (always sent by the server) */
  businessProfile: businessProfileBody.nullable().optional(),
})
export type CurrentUser = z.infer<typeof currentUser>

export const announcementBody = z.object({
  title: z
    .string({ message: 'announcement.title' })
    .trim()
    .min(1, 'announcement.title')
    .max(ANNOUNCEMENT_TITLE_MAX, 'announcement.title'),
  content: z
    .string({ message: 'announcement.content' })
    .trim()
    .min(1, 'announcement.content')
    .max(ANNOUNCEMENT_CONTENT_MAX, 'announcement.content'),
  status: z.union([z.literal(0), z.literal(1)]).default(0),
})
export const announcementUpdateBody = announcementBody.extend({ id: z.number().int().positive() })
export const announcementPageBody = z.object({
  pageNo: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  title: z.string().trim().max(ANNOUNCEMENT_TITLE_MAX).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
})
export const announcement = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  status: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  creatorName: z.string(),
})
export type Announcement = z.infer<typeof announcement>

const int = z.number().int()
/** Sign-ins and the tenant lookup are open to everyone (the server rate-limits them). */
const open = { roles: 'public', tags: ['auth'] } as const

export const authEndpoints = {
  login: endpoint({
    ...open,
    method: 'POST',
    path: '/damai/system/auth/login',
    summary: 'Sign in (tenant users)',
    body: loginBody,
    response: loginResult,
  }),
  adminLogin: endpoint({
    ...open,
    method: 'POST',
    path: '/damai/system/auth/admin/login',
    summary: 'Sign in with enterprise account and captcha',
    body: adminLoginBody,
    response: loginResult,
  }),
  tenantIdByName: endpoint({
    ...open,
    method: 'GET',
    path: '/damai/admin/user/getUserTenantIdByName',
    summary: 'Tenant id of an enterprise account name',
    query: z.object({ name: z.string().trim().min(1, 'required').max(USERNAME_MAX, 'tooLong') }),
    response: z.object({ tenantId: int }),
  }),
  logout: endpoint({
    roles: Access.all,
    tags: ['auth'],
    method: 'POST',
    path: '/damai/system/auth/logout',
    summary: 'Sign out: revokes this token',
    response: z.null(),
  }),
}

export const captchaEndpoints = {
  get: endpoint({
    ...open,
    method: 'POST',
    path: '/damai/system/captcha/get',
    summary: 'A new block-puzzle captcha',
    body: z.object({}).optional(),
    response: captchaImage,
  }),
  check: endpoint({
    ...open,
    method: 'POST',
    path: '/damai/system/captcha/check',
    summary:
      'Check where the piece was dropped and the drag that took it there (track: ms since the press, px); ' +
      'misses from one address lock it for growing times',
    body: captchaCheckBody,
    response: z.object({ captchaVerification: z.string() }),
  }),
}

/** Every signed-in person: the current user and their own password. */
export const profileEndpoints = {
  get: endpoint({
    roles: Access.all,
    tags: ['user'],
    method: 'GET',
    path: '/damai/system/user/profile/get',
    summary: 'The current user',
    response: currentUser,
  }),
  updatePassword: endpoint({
    roles: Access.all,
    tags: ['user'],
    method: 'PUT',
    path: '/damai/system/user/profile/update-password',
    summary: 'Change my password (the current one is asked); signs out everywhere',
    body: changePasswordBody,
    response: z.null(),
  }),
  /** the supervisor's header and the desk; the team lead has its tenant's risk status in its profile */
  tenantRiskStatus: endpoint({
    roles: Access.desk,
    tags: ['user'],
    method: 'GET',
    path: '/damai/admin/user/getTenantRiskStatus',
    summary: 'Risk status of my tenant (1 under control)',
    response: int,
  }),
}

/** Announcements are written by the platform admin and read by everyone signed in. */
const announcementBase = '/damai/notice/announcement'
export const announcementEndpoints = {
  page: endpoint({
    roles: Access.platformAdmin,
    tags: ['announcement'],
    method: 'POST',
    path: `${announcementBase}/page`,
    summary: 'Page through announcements',
    body: announcementPageBody,
    response: pageOf(announcement),
  }),
  enabled: endpoint({
    roles: Access.all,
    tags: ['announcement'],
    method: 'GET',
    path: `${announcementBase}/enable`,
    summary: 'Enabled announcements, newest first',
    response: z.array(announcement),
  }),
  create: endpoint({
    roles: Access.platformAdmin,
    tags: ['announcement'],
    method: 'POST',
    path: announcementBase,
    summary: 'Create an announcement',
    body: announcementBody,
    response: z.object({ id: int }),
  }),
  update: endpoint({
    roles: Access.platformAdmin,
    tags: ['announcement'],
    method: 'PUT',
    path: announcementBase,
    summary: 'Change an announcement',
    body: announcementUpdateBody,
    response: z.null(),
  }),
  remove: endpoint({
    roles: Access.platformAdmin,
    tags: ['announcement'],
    method: 'DELETE',
    path: announcementBase,
    summary: 'Delete an announcement',
    query: z.object({ id: z.coerce.number().int().positive() }),
    response: z.null(),
  }),
}
