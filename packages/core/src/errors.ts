import { z } from 'zod'
/**
 * The one error catalogue. The server throws `new AppError(ErrorCode.X)`; the envelope carries
 * the number and the message in the request's language. 401, 433 and 3023 have meanings the
 * web client acts on (sign in again, the desk was taken, a result that is not a failure).
 */
export const ErrorCode = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  /** shown with code 400: a body of a kind the route does not take */
  contentTypeUnsupported: 415,
  /** shown with code 400: a JSON body or socket event nested deeper than JSON_DEPTH_MAX */
  jsonTooDeep: 4001,
  tooManyRequests: 429,
  deskTaken: 433,
  internal: 500,

  wrongCredentials: 1001,
  userDisabled: 1002,
  tenantNotFound: 1003,
  targetAccountRequired: 1004,
  captchaInvalid: 1005,
  captchaExpired: 1006,
  passwordWeak: 1007,
  oldPasswordWrong: 1008,
  loginLocked: 1009,
  tenantMismatch: 1010,
  captchaRequired: 1011,
  usernameTaken: 1012,
  captchaLocked: 1013,

  // WS accounts, ports, account groups, shares
  invalidPhone: 2001,
  invalidProxy: 2002,
  phoneAlreadyLinked: 2003,
  noFreePort: 2004,
  accountGroupHasAccounts: 2005,
  accountGroupNameTaken: 2006,
  accountNotLinked: 2007,
  accountBusy: 2008,
  loginFailed: 2009,
  accountBanned: 2010,
  accountOnline: 2011,
  shareCodeInvalid: 2012,
  dateRangeInvalid: 2013,
  duplicateInImport: 2014,

  // sending: the chat send failures
  vipExpired: 2101,
  sessionBlocked: 2102,
  invalidCustomerSession: 2103,
  sendFailed: 2104,
  customerDisabled: 2105,
  mediaNotFound: 2106,
  /** WhatsApp did not take the message for the customer (number not on WhatsApp, address refused) */
  customerReceivingAbnormal: 2107,
  /** a send failed for a reason WhatsApp did not name (or a send that timed out) */
  sendUnknownError: 2108,

  // labels, materials, translation (the desk's supporting services)
  labelNameTaken: 2201,
  fanNotAccessible: 2202,
  materialGroupNameTaken: 2210,
  materialGroupHasMaterials: 2211,
  uploadTooLarge: 2212,
  uploadTypeMismatch: 2213,
  avatarTooSmall: 2214,
  uploadMissing: 2215,
  uploadExecutable: 2216,
  materialDisabled: 2217,
  publicMaterialsMasterOnly: 2218,
  imageUnreadable: 2219,
  materialGroupMismatch: 2220,
  /** shown with code 400: the multipart body could not be read */
  uploadMalformed: 2221,
  storageFull: 2222,
  translateFailed: 2250,
  translateNotConfigured: 2251,
  actingUserInvalid: 2290,

  // the agent desk: sessions and chat
  phoneNotOnWhatsApp: 2301,
  sessionExists: 2302,
  noOnlineAccount: 2303,
  removedFromGroup: 2304,
  cannotSendNow: 2305,
  sendTooFrequent: 2306,
  revokeNotAllowed: 2307,
  audioDamaged: 2308,
  migrateTargetInvalid: 2309,
  deleteNeedsInvalid: 2310,
  messageNotResendable: 2311,
  accountNotOnline: 2312,
  voiceTooLong: 2313,
  mediaConverterMissing: 2314,
  editNotAllowed: 2315,
  editWindowPassed: 2316,
  editContentViolation: 2317,

  // the desk's conversation status and internal notes
  /** a note mentions someone who is not a user of the caller's tenant */
  mentionNotInTenant: 2351,
  /** an internal note is neither sent, withdrawn, edited nor quoted to the customer */
  noteNotForCustomer: 2352,

  // group chats on the desk
  groupNotAdmin: 2401,
  groupJoinTooMany: 2402,
  groupJoinEmpty: 2403,
  groupNotMember: 2404,
  groupEditAdminsOnly: 2405,
  groupAccountUnavailable: 2406,
  notGroupSession: 2407,
  groupRequestFailed: 2408,
  groupNotFound: 2409,
  groupNothingToChange: 2410,
  groupMembersEmpty: 2411,
  groupMembersTooMany: 2412,
  groupSettingsAdminsOnly: 2413,

  // platform operations and billing: staff, tenants, orders, ports and seats, agents
  noFreeSeat: 2501,
  userHasTenants: 2502,
  userHasSalespeople: 2503,
  refundExceedsPaid: 2504,
  recordEndsBeforeStart: 2505,
  mergeMismatch: 2506,
  mergeIntoItself: 2507,
  recordEnded: 2508,
  seatExpired: 2509,
  agentGroupHasMembers: 2510,
  agentGroupNameTaken: 2511,
  enterpriseAccountTaken: 2512,
  vipRangeInvalid: 2513,
  sellerInvalid: 2514,
  supervisorNotDeletable: 2515,
  exportEmpty: 2516,
  statisticsRangeInvalid: 2517,
  cannotChangeSelf: 2518,
  agentAccountInvalid: 2519,
  tenantDisabled: 2520,
  recordsMixedTenants: 2521,

  // the customers list: batches, export and import
  fanExportTooMany: 2601,

  // fan inheritance: handing a lost account's fans to another account
  inheritSourceNotEligible: 2651,
  inheritTargetInvalid: 2652,
  inheritSameAccount: 2653,
  inheritFansRequired: 2654,
  inheritLabelsRequired: 2655,
  inheritNothingToMove: 2656,

  // chat history: search and export of the tenant's messages
  historyRangeInvalid: 2751,

  // mass send: tasks, their actions and audiences
  massSendNotPending: 2801,
  massSendNotExecuting: 2802,
  massSendNotPaused: 2803,
  massSendFinished: 2804,
  massSendDeleteExecuting: 2805,
  massSendRiskControl: 2806,
  massSendAccountUnusable: 2807,
  massSendGroupUnusable: 2808,
  massSendMaterialUnusable: 2809,
  massSendMediaMissing: 2810,
  massSendEmptyAudience: 2811,
  massSendFileUnreadable: 2812,
  massSendDeletePreparing: 2813,

  // the simulated phone (/sim, demo mode only)
  simQrInvalid: 2901,
  simPairingCodeInvalid: 2902,
  simNotOnWhatsApp: 2903,
  simPhoneBanned: 2904,
  simTooManyDevices: 2905,
  simPhoneUnknown: 2906,
  simMessageNotFound: 2907,
  simGroupNotFound: 2908,
  simNotGroupMember: 2909,
  simNotLinkedNumber: 2910,
  simNotEditable: 2911,

  // keyword auto-reply
  autoReplyNotCreator: 3101,
  autoReplyPublicForbidden: 3102,
  autoReplyAgentUnknown: 3103,
  autoReplyLabelUnknown: 3104,
  autoReplyMaterialUnusable: 3105,

  // tenant settings and AI reply
  aiReplyNotOn: 3161,
  aiKeyRequired: 3162,
  exportNotAllowed: 3163,

  // risk management
  riskLimitOutOfBounds: 3201,
  riskRangeTooLong: 3202,

  // dashboards
  statsRangeInvalid: 3241,
  statsRangeTooLong: 3242,

  notifyResult: 3023,

  // diversion links, the counter
  diversionAccountUnusable: 3131,
  diversionAgentNoAccounts: 3132,
  diversionUnknown: 3133,
  diversionDisabled: 3134,
  diversionNoAccount: 3135,
  counterShareInvalid: 3136,

  // number-merchant codes, account profiles, order templates
  merchantCodeInvalid: 3261,
  merchantCodeRevoked: 3262,
  merchantCodeExpired: 3263,
  merchantQuotaFull: 3264,
  merchantQuotaBelowLinked: 3265,
  profileNothingToApply: 3266,
  profileMaterialUnusable: 3267,
  profileAccountOffline: 3268,
  profileApplyFailed: 3269,
  orderTemplateNameTaken: 3270,

  // WS dynamics, account nurturing
  dynamicAccountUnusable: 3291,
  dynamicMediaUnusable: 3292,
  dynamicScheduleInPast: 3293,
  dynamicNotCancellable: 3294,
  nurturingTenantUnknown: 3295,
  nurturingHoursEmpty: 3296,
  nurturingFileType: 3297,
  nurturingFileTooLarge: 3298,
  nurturingMaterialIsFile: 3299,

  // addresses a tenant gives the server to call or connect through (its AI provider, its webhooks, its accounts' proxies)
  outboundAddressInvalid: 3351,
  outboundAddressPrivate: 3352,

  // API keys and webhook endpoints
  apiKeysFull: 3381,
  webhooksFull: 3382,
  apiKeyRevoked: 3383,
} as const
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode]

// the texts of the codes live in their own module, so a page that only compares codes does not carry them
export { errorMessage, errorMessages } from './errors.messages.js'

/** Response envelope of every API answer. */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}
export interface Page<T> {
  list: T[]
  total: number
}

/** The schema of a page of rows: the rows shown and the total that match. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int() })
