import { z } from 'zod'
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  LOGIN_PASSWORD_MAX,
  USERNAME_MAX,
} from '../constants.js'
import { checkLoginPassword, checkPassword } from '../validation.js'
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

/** POST /damai/system/captcha/check: where the piece was dropped. */
export const captchaCheckBody = z.object({
  token: z.string().min(1, 'captcha.required').max(100, 'invalid'),
  x: z.number().min(0).max(1000),
})

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
