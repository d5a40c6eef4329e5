import { autoReplyValidationMessages } from './api/auto-reply.messages.js'
import { deskNotesValidationMessages } from './api/desk-notes.messages.js'
import { dynamicsValidationMessages } from './api/dynamics.messages.js'
import { integrationsValidationMessages } from './api/integrations.messages.js'
import { supportValidationMessages } from './api/support.messages.js'
import { tenantSettingsValidationMessages } from './api/tenant-settings.messages.js'
import {
  GROUP_NAME_MAX,
  INVALID_DELETE_REASON_MAX,
  LABEL_NAME_MAX,
  LABEL_NAME_MIN,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SESSION_PHONE_MAX,
  SESSION_PHONE_MIN,
  USERNAME_MAX,
} from './constants.js'

/**
 * Validation rules shared by forms and endpoints (spec §5). Each check returns a message key of
 * `validationMessages` or null; zod schemas carry the same keys as their messages.
 */
export type ValidationKey = keyof typeof validationMessages.en

const ascendingRun = (s: string) =>
  /^\d+$/.test(s) && s.length > 1 && [...s].every((c, i) => i === 0 || Number(c) === Number(s[i - 1]) + 1)

/** The shared password rules, applied whenever a password is set. */
export function checkPassword(
  password: string | undefined | null,
  accountName?: string,
): ValidationKey | null {
  if (!password) return 'password.required'
  if (!/^[A-Za-z0-9]+$/.test(password)) return 'password.charset'
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'password.length'
  if (accountName && password.toLowerCase() === accountName.trim().toLowerCase()) return 'password.sameAsName'
  if (/^(\d)\1+$/.test(password)) return 'password.sameDigit'
  if (ascendingRun(password)) return 'password.ascending'
  return null
}

/**
 * A user name as the sign-in forms check it: present once trimmed, at most USERNAME_MAX long (the
 * same rule as the `username` zod schema of api/auth.ts, for forms that do without zod).
 */
export function checkUsername(name: string | undefined | null): ValidationKey | null {
  const trimmed = name?.trim()
  if (!trimmed) return 'username.required'
  if (trimmed.length > USERNAME_MAX) return 'username.length'
  return null
}

/** The login form only checks presence and length (product-decisions). */
export function checkLoginPassword(password: string | undefined | null): ValidationKey | null {
  if (!password) return 'password.required'
  if (password.length < LOGIN_PASSWORD_MIN || password.length > LOGIN_PASSWORD_MAX)
    return 'password.loginLength'
  return null
}

export function checkGroupName(name: string | undefined | null): ValidationKey | null {
  if (!name) return 'groupName.required'
  if (/\s/.test(name)) return 'groupName.spaces'
  if (name.length > GROUP_NAME_MAX) return 'groupName.length'
  return null
}

export function checkLabelName(name: string | undefined | null): ValidationKey | null {
  if (!name) return 'labelName.required'
  if (/\s/.test(name)) return 'labelName.spaces'
  if (name.length < LABEL_NAME_MIN || name.length > LABEL_NAME_MAX) return 'labelName.length'
  return null
}

/** The reason an invalid customer's chat is deleted for: required, at most 50 characters once trimmed. */
export function checkDeleteReason(reason: string | undefined | null): ValidationKey | null {
  const text = reason?.trim() ?? ''
  if (!text) return 'deleteReason.required'
  if (text.length > INVALID_DELETE_REASON_MAX) return 'deleteReason.length'
  return null
}

export function checkSessionPhone(phone: string | undefined | null): ValidationKey | null {
  if (!phone) return 'phone.required'
  const re = new RegExp(`^\\d{${SESSION_PHONE_MIN},${SESSION_PHONE_MAX}}$`)
  return re.test(phone) ? null : 'phone.invalid'
}

export const validationMessages = {
  zh: {
    ...autoReplyValidationMessages.zh,
    ...dynamicsValidationMessages.zh,
    ...tenantSettingsValidationMessages.zh,
    ...deskNotesValidationMessages.zh,
    ...supportValidationMessages.zh,
    ...integrationsValidationMessages.zh,
    required: '此项不能为空',
    invalid: '格式不正确',
    tooLong: '内容过长',
    'username.required': '请输入用户名',
    'username.length': '用户名长度为1-30个字符',
    'password.required': '密码不能为空',
    'password.currentRequired': '请输入当前密码',
    'password.charset': '密码只能包含字母和数字',
    'password.length': '密码长度为6-20位',
    'password.loginLength': '密码长度为4-20位',
    'password.sameAsName': '密码不能与账号相同',
    'password.sameDigit': '密码不能是相同的数字',
    'password.ascending': '密码不能是连续递增的数字',
    'password.confirmRequired': '请再次输入密码',
    'password.mismatch': '两次输入的密码不一致，请重新输入',
    'groupName.required': '请输入分组名称',
    'groupName.spaces': '分组名称不能包含空格',
    'groupName.length': '分组名称最多20个字符',
    'labelName.required': '请输入标签名称',
    'labelName.spaces': '标签名称不能包含空格',
    'labelName.length': '标签名称长度为2-20个字符',
    'material.nameRequired': '请输入素材名称',
    'material.nameLength': '素材名称最多20个字符',
    'material.textRequired': '请输入文本内容',
    'material.textLength': '文本内容最多1000个字符',
    'material.titleRequired': '请输入标题',
    'material.titleLength': '标题最多100个字符',
    'material.linkInvalid': '请输入以 http:// 或 https:// 开头的链接',
    'material.linkLength': '链接最多500个字符',
    'material.contactNameRequired': '请输入联系人名称',
    'material.contactNameLength': '联系人名称最多20个字符',
    'material.contactPhone': '联系人号码至少8位数字',
    'material.location': '请选择有效的位置',
    'material.uploadType': '请选择上传类型：图片、GIF、视频、语音或文件',
    'material.usageType': '昵称素材只能是文本，头像素材只能是图片',
    'material.nicknameLength': '昵称最多25个字符',
    'translate.target': '请选择支持的目标语言',
    'translate.textRequired': '请输入要翻译的内容',
    'translate.textLength': '翻译内容最多5000个字符',
    'phone.required': '请输入手机号',
    'phone.invalid': '手机号格式不正确',
    'deleteReason.required': '请输入删除原因',
    'deleteReason.length': '删除原因最多50个字符',
    'captcha.required': '请先完成滑块验证',
    'announcement.title': '请输入标题（最多100个字符）',
    'announcement.content': '请输入内容（最多5000个字符）',
    'username.format': '用户名为2-30位字母、数字或 _ . @ -',
    'enterprise.required': '请输入企业账号',
    'enterprise.format': '企业账号为2-30位字母、数字、_ 或 -',
    'massSend.nameRequired': '请输入任务名称',
    'massSend.nameLength': '任务名称最多50个字符',
    'massSend.kindRequired': '请选择群发类型（个人或群组）',
    'massSend.methodRequired': '请选择发送方式',
    'massSend.audienceRequired': '请选择客户或群组',
    'massSend.kindAudience': '个人群发请选择陌生人或客户，群组群发请选择群组',
    'massSend.groupMethod': '群组群发只能逐条发送',
    'massSend.phonesRequired': '请输入或导入手机号',
    'massSend.phonesTooMany': '手机号最多100000个',
    'massSend.customersRequired': '请选择客户标签，或选择全部客户',
    'massSend.groupsRequired': '请选择群组',
    'massSend.accountsRequired': '请选择发送账号',
    'massSend.sentencesRequired': '请添加发送内容',
    'massSend.sentencesTooMany': '发送内容最多10条',
    'massSend.sentenceType': '请选择内容类型',
    'massSend.sentenceIntervalRequired': '请输入语句间隔（秒）',
    'massSend.customerIntervalRequired': '请输入客户间隔（秒）',
    'massSend.sendCountRequired': '请输入发送数量（至少1个）',
    'massSend.sendCountMax': '发送数量最多10000个',
    'massSend.intervalMax': '间隔最多86400秒',
    'massSend.rangeOrder': '最小值不能大于最大值',
    'massSend.dailyCapMax': '每日上限最多100000',
    'massSend.waitTimeout': '等待时间为60秒到7天',
    'risk.limitRequired': '请填写每一项限制',
    'risk.limitInteger': '限制必须是整数',
    'risk.keywordEmpty': '关键词不能为空',
    'risk.keywordTooLong': '每个关键词最多50个字符',
    'risk.keywordsTooMany': '关键词最多200个',
    'risk.selectWarnings': '请选择预警',
    'risk.dateInvalid': '请选择日期',
    'risk.dateOrder': '结束日期不能早于开始日期',
    'diversion.nameRequired': '请输入链接名称',
    'diversion.nameLength': '链接名称最多50个字符',
    'diversion.greetingLength': '问候语最多500个字符',
    'diversion.capInvalid': '每日上限为0到100000的整数（0为不限）',
    'diversion.accountsRequired': '请选择账号或客服',
    'counter.nameRequired': '请输入计数器名称',
    'counter.nameLength': '计数器名称最多50个字符',
    'counter.accountsRequired': '请选择账号',
    'counter.windowRequired': '请选择统计时间段',
    'counter.windowOrder': '结束时间必须晚于开始时间',
  },
  en: {
    ...autoReplyValidationMessages.en,
    ...dynamicsValidationMessages.en,
    ...tenantSettingsValidationMessages.en,
    ...deskNotesValidationMessages.en,
    ...supportValidationMessages.en,
    ...integrationsValidationMessages.en,
    required: 'This field is required',
    invalid: 'This value is not valid',
    tooLong: 'This value is too long',
    'username.required': 'Enter the user name',
    'username.length': 'The user name is 1–30 characters',
    'password.required': 'Password cannot be empty',
    'password.currentRequired': 'Enter your current password',
    'password.charset': 'The password may hold letters and digits only',
    'password.length': 'The password is 6–20 characters',
    'password.loginLength': 'The password is 4–20 characters',
    'password.sameAsName': 'The password must not equal the account name',
    'password.sameDigit': 'The password must not be one repeated digit',
    'password.ascending': 'The password must not be a run of ascending digits',
    'password.confirmRequired': 'Enter the password again',
    'password.mismatch': 'Passwords differ, re-enter',
    'groupName.required': 'Enter the group name',
    'groupName.spaces': 'The group name must not contain spaces',
    'groupName.length': 'The group name is at most 20 characters',
    'labelName.required': 'Enter the label name',
    'labelName.spaces': 'The label name must not contain spaces',
    'labelName.length': 'The label name is 2–20 characters',
    'material.nameRequired': 'Enter the material name',
    'material.nameLength': 'The material name is at most 20 characters',
    'material.textRequired': 'Enter the text',
    'material.textLength': 'The text is at most 1000 characters',
    'material.titleRequired': 'Enter the title',
    'material.titleLength': 'The title is at most 100 characters',
    'material.linkInvalid': 'Enter a link starting with http:// or https://',
    'material.linkLength': 'The link is at most 500 characters',
    'material.contactNameRequired': 'Enter the contact name',
    'material.contactNameLength': 'The contact name is at most 20 characters',
    'material.contactPhone': 'The contact number has at least 8 digits',
    'material.location': 'Choose a valid location',
    'material.uploadType': 'Choose the upload type: image, GIF, video, voice or file',
    'material.usageType': 'Nickname materials are texts and avatar materials are images',
    'material.nicknameLength': 'A nickname is at most 25 characters',
    'translate.target': 'Choose a supported target language',
    'translate.textRequired': 'Enter the text to translate',
    'translate.textLength': 'The text to translate is at most 5000 characters',
    'phone.required': 'Enter the phone number',
    'phone.invalid': 'Invalid phone number',
    'deleteReason.required': 'Enter the reason for deleting',
    'deleteReason.length': 'The reason is at most 50 characters',
    'captcha.required': 'Complete the slider verification first',
    'announcement.title': 'Enter a title (at most 100 characters)',
    'announcement.content': 'Enter the content (at most 5000 characters)',
    'username.format': 'The user name is 2–30 letters, digits or _ . @ -',
    'enterprise.required': 'Enter the enterprise account',
    'enterprise.format': 'The enterprise account is 2–30 letters, digits, _ or -',
    'massSend.nameRequired': 'Enter the task name',
    'massSend.nameLength': 'The task name is at most 50 characters',
    'massSend.kindRequired': 'Choose the kind: personal or group',
    'massSend.methodRequired': 'Choose the send method',
    'massSend.audienceRequired': 'Choose the customers or groups',
    'massSend.kindAudience':
      'A personal mass send goes to strangers or customers, a group mass send to groups',
    'massSend.groupMethod': 'A group mass send sends one by one',
    'massSend.phonesRequired': 'Enter or import the phone numbers',
    'massSend.phonesTooMany': 'At most 100,000 phone numbers',
    'massSend.customersRequired': 'Choose customer labels, or all customers',
    'massSend.groupsRequired': 'Choose the groups',
    'massSend.accountsRequired': 'Choose the sending accounts',
    'massSend.sentencesRequired': 'Add what to send',
    'massSend.sentencesTooMany': 'At most 10 sentences',
    'massSend.sentenceType': 'Choose the content type',
    'massSend.sentenceIntervalRequired': 'Enter the sentence interval (seconds)',
    'massSend.customerIntervalRequired': 'Enter the customer interval (seconds)',
    'massSend.sendCountRequired': 'Enter the send count (at least 1)',
    'massSend.sendCountMax': 'The send count is at most 10,000',
    'massSend.intervalMax': 'An interval is at most 86,400 seconds',
    'massSend.rangeOrder': 'The minimum cannot be more than the maximum',
    'massSend.dailyCapMax': 'The daily maximum is at most 100,000',
    'massSend.waitTimeout': 'The wait is 60 seconds to 7 days',
    'risk.limitRequired': 'Fill in every limit',
    'risk.limitInteger': 'A limit must be a whole number',
    'risk.keywordEmpty': 'A keyword cannot be empty',
    'risk.keywordTooLong': 'Each keyword has at most 50 characters',
    'risk.keywordsTooMany': 'At most 200 keywords',
    'risk.selectWarnings': 'Select warnings',
    'risk.dateInvalid': 'Choose a date',
    'risk.dateOrder': 'The end date cannot be before the start date',
    'diversion.nameRequired': 'Enter the link name',
    'diversion.nameLength': 'The link name is at most 50 characters',
    'diversion.greetingLength': 'The greeting is at most 500 characters',
    'diversion.capInvalid': 'The daily cap is a whole number from 0 to 100,000 (0 = no cap)',
    'diversion.accountsRequired': 'Choose accounts or agents',
    'counter.nameRequired': 'Enter the counter name',
    'counter.nameLength': 'The counter name is at most 50 characters',
    'counter.accountsRequired': 'Choose the accounts',
    'counter.windowRequired': 'Choose the time window',
    'counter.windowOrder': 'The end must be after the start',
  },
} as const

/** Translate a validation key (or pass through a message that is not a key). */
export function validationMessage(key: string, lang: 'zh' | 'en'): string {
  const table = validationMessages[lang] as Record<string, string>
  return table[key] ?? key
}
