import {
  DESK_ID_HEADER,
  DUPLICATE_WINDOW_MS,
  type Envelope,
  ErrorCode,
  Header,
  profileEndpoints,
  REQUEST_TIMEOUT_MS,
  Role,
  TOAST_DURATION_MS,
} from '@app/core'
import axios, {
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { feedback } from '../app/feedback'
import { currentLanguage, i18n } from '../i18n'
import { useSession } from '../stores/session'
import { getTenantId, getToken, readJson, StorageKey, writeJson } from '../utils/storage'
import { carriesActingAgent } from './actingAgent'
import { showDeskTakenDialog, showSessionExpiredDialog } from './dialogs'

/**
 * The one HTTP client: the duplicate-submission guard, the headers and timeout of every call, and
 * how a refusal or a transport failure is told.
 *
 * Every call resolves with the whole envelope `{ code, msg, data }`: code 0 (or repCode
 * '0000'), and code 3023, which is a normal result the caller reads. The `api/*` modules
 * unwrap `.data` for their callers. Every other outcome rejects with an `ApiError`, a
 * `DuplicateRequestError` (silent) or the transport error, after the user was told.
 */
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Background calls (polls): no error toast; the call still rejects and dialogs still show. */
    silent?: boolean
  }
}

/** The profile read that tells whether a sign-in is still valid: its 401 opens no dialog. */
export const PROFILE_URL = profileEndpoints.get.path

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** A request refused by the duplicate guard; it was never sent and nobody is told. */
export class DuplicateRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DuplicateRequestError'
  }
}

export const isDuplicateRequest = (e: unknown): e is DuplicateRequestError =>
  e instanceof DuplicateRequestError

export const DUPLICATE_POST_WARNING = '数据正在处理，请勿重复提交'
export const DUPLICATE_GET_WARNING = '数据正在获取，请勿重复提交'

interface RequestRecord {
  url: string
  data: string
  time: number
  /** the page load that sent it: a reload is a new page, not a repeated click */
  page?: string
}

const PAGE_LOAD = Math.random().toString(36).slice(2)
interface ResponseRecord {
  url: string
  time: number
}

interface RawEnvelope {
  code?: number
  msg?: string
  message?: string
  data?: unknown
  repCode?: string
}

export const service = axios.create({ baseURL: '', timeout: REQUEST_TIMEOUT_MS })

/** Extra headers for a call by its url, or nothing (see `setExtraHeaders`). */
export type ExtraHeaders = (url: string) => Record<string, string> | undefined

let extraHeaders: ExtraHeaders | null = null

/**
 * Headers an open screen adds to its calls, such as the desk's `desk-id` and `customer-user-id`;
 * null removes them. A header the call sets itself wins. `customer-user-id` is kept only where the
 * acting-agent rule wants it (see `screenHeaders`).
 */
export function setExtraHeaders(provider: ExtraHeaders | null): void {
  extraHeaders = provider
}

/** A body the guard can compare; multipart and binary uploads are never compared. */
const comparable = (v: unknown): string | null =>
  v instanceof FormData || v instanceof Blob || v instanceof ArrayBuffer ? null : JSON.stringify(v ?? {})

/** Duplicate guard: same url and body (post/put) or params (get) as the previous request within 300 ms. */
function guardDuplicate(config: InternalAxiosRequestConfig): void {
  const method = (config.method ?? 'get').toLowerCase()
  const isWrite = method === 'post' || method === 'put'
  if (!isWrite && method !== 'get') return
  const data = comparable(isWrite ? config.data : config.params)
  if (data === null) return
  const url = config.url ?? ''
  const now = Date.now()
  const previous = readJson<RequestRecord>(sessionStorage, StorageKey.lastRequest)
  if (
    previous &&
    previous.page === PAGE_LOAD &&
    previous.url === url &&
    previous.data === data &&
    now - previous.time < DUPLICATE_WINDOW_MS
  ) {
    const warning = isWrite ? DUPLICATE_POST_WARNING : DUPLICATE_GET_WARNING
    console.warn(`[${url}]: ${warning}`)
    throw new DuplicateRequestError(warning)
  }
  writeJson(sessionStorage, StorageKey.lastRequest, {
    url,
    data,
    time: now,
    page: PAGE_LOAD,
  } satisfies RequestRecord)
}

/**
 * The open screen's headers for this call. Only a supervisor (role 4) sends `customer-user-id`,
 * and only on the calls `carriesActingAgent` names. A call that works for the supervisor
 * themselves while they act as an agent drops `desk-id` too: the desk id is the agent's, and the
 * server checks it against whoever the call works for.
 */
function screenHeaders(config: InternalAxiosRequestConfig): Record<string, string> {
  const headers = { ...(extraHeaders?.(config.url ?? '') ?? {}) }
  if (!(Header.customerUserId in headers)) return headers
  const master = useSession.getState().roles.includes(Role.customerMaster)
  if (master && carriesActingAgent(config)) return headers
  delete headers[Header.customerUserId]
  if (master) delete headers[DESK_ID_HEADER]
  return headers
}

service.interceptors.request.use((config) => {
  const token = getToken()
  if (token) config.headers.set('Authorization', `Bearer ${token}`)
  const tenantId = getTenantId()
  if (tenantId != null) config.headers.set(Header.tenantId, String(tenantId))
  config.headers.set(Header.language, currentLanguage())
  for (const [name, value] of Object.entries(screenHeaders(config))) {
    if (!config.headers.has(name)) config.headers.set(name, value)
  }
  const repeat = config.headers.get(Header.repeatSubmit)
  config.headers.delete(Header.repeatSubmit)
  if (repeat !== false && repeat !== 'false') guardDuplicate(config)
  return config
})

/**
 * Records this response and tells whether a previous response, to any call, came in less than
 * 300 ms ago: then the error toast is left out, so a burst of failures shows one toast.
 */
function recordResponse(url: string): boolean {
  const now = Date.now()
  const previous = readJson<ResponseRecord>(sessionStorage, StorageKey.lastResponse)
  writeJson(sessionStorage, StorageKey.lastResponse, { url, time: now } satisfies ResponseRecord)
  return !!previous && now - previous.time < DUPLICATE_WINDOW_MS
}

function toastError(content: string, suppressed: boolean): void {
  if (!suppressed) feedback().message.error({ content, duration: TOAST_DURATION_MS / 1000 })
}

const isEnvelope = (v: unknown): v is RawEnvelope =>
  typeof v === 'object' && v !== null && ('code' in v || 'repCode' in v)

/** The text a refusal carries: its `msg`, else its `message`; empty when it has neither. */
const ownMessage = (body: unknown): string => {
  if (typeof body !== 'object' || body === null) return ''
  const { msg, message } = body as { msg?: unknown; message?: unknown }
  if (typeof msg === 'string' && msg) return msg
  return typeof message === 'string' ? message : ''
}

/** A refusal without a message of its own: a modification (put) failed, else the generic "Error". */
const fallbackText = (method: string | undefined): string =>
  method?.toLowerCase() === 'put' ? i18n.t('request.modifyFailed') : i18n.t('request.error')

/** Resolves the envelope for success and 3023; tells the user and rejects for anything else. */
function handleEnvelope(
  body: RawEnvelope,
  config: Pick<AxiosRequestConfig, 'url' | 'method'> | undefined,
  suppressed: boolean,
): Envelope {
  const url = config?.url ?? ''
  const code = body.code ?? (body.repCode === '0000' ? ErrorCode.ok : ErrorCode.internal)
  const msg = ownMessage(body)
  const envelope: Envelope = { code, msg, data: body.data }
  if (code === ErrorCode.ok || body.repCode === '0000' || code === ErrorCode.notifyResult) return envelope
  const text = msg || fallbackText(config?.method)
  if (code === ErrorCode.unauthorized) {
    if (url !== PROFILE_URL) {
      toastError(text, suppressed)
      showSessionExpiredDialog()
    }
  } else if (code === ErrorCode.deskTaken) {
    showDeskTakenDialog()
  } else {
    toastError(text, suppressed)
  }
  throw new ApiError(code, text, body.data)
}

/** The response interceptor hands the envelope on instead of axios' response object. */
const asResponse = (envelope: Envelope): AxiosResponse => envelope as unknown as AxiosResponse

service.interceptors.response.use(
  (response) => {
    const url = response.config.url ?? ''
    const suppressed = recordResponse(url) || !!response.config.silent
    const body: unknown = response.data
    const type = response.config.responseType
    if (type === 'blob' || type === 'arraybuffer' || !isEnvelope(body)) {
      return asResponse({ code: ErrorCode.ok, msg: '', data: body })
    }
    return asResponse(handleEnvelope(body, response.config, suppressed))
  },
  (error: unknown) => {
    if (isDuplicateRequest(error) || axios.isCancel(error)) return Promise.reject(error)
    const err = error as AxiosError
    const url = err.config?.url ?? ''
    const suppressed = recordResponse(url) || !!err.config?.silent
    const body = err.response?.data
    if (isEnvelope(body)) {
      try {
        handleEnvelope(body, err.config, suppressed)
      } catch (e) {
        return Promise.reject(e)
      }
    }
    const text = transportMessage(err)
    toastError(text, suppressed)
    return Promise.reject(new ApiError(err.response?.status ?? -1, text))
  },
)

function transportMessage(err: AxiosError): string {
  if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT' || /timeout/i.test(err.message)) {
    return i18n.t('request.timeout')
  }
  if (err.code === 'ERR_NETWORK' || err.message === 'Network Error') return i18n.t('request.network')
  if (err.response) {
    // an HTTP error status: the error's own words when its body has them
    return ownMessage(err.response.data) || i18n.t('request.status', { status: err.response.status })
  }
  return err.message || i18n.t('request.error')
}

type Config = Omit<AxiosRequestConfig, 'url' | 'method' | 'data' | 'params'>

/** `headers: { repeatSubmit: false }` in a config turns the duplicate guard off for that call. */
export const noRepeatGuard = { headers: { [Header.repeatSubmit]: false } } as const satisfies Config

/** Background polls: no duplicate guard (a poll may meet the same read from a page), no toast. */
export const backgroundCall = { ...noRepeatGuard, silent: true } as const satisfies Config

export const http = {
  get: <T>(url: string, params?: object, config?: Config) =>
    service.request<Envelope<T>, Envelope<T>>({ ...config, url, method: 'get', params }),
  post: <T>(url: string, data?: unknown, config?: Config) =>
    service.request<Envelope<T>, Envelope<T>>({ ...config, url, method: 'post', data }),
  put: <T>(url: string, data?: unknown, config?: Config) =>
    service.request<Envelope<T>, Envelope<T>>({ ...config, url, method: 'put', data }),
  delete: <T>(url: string, params?: object, config?: Config) =>
    service.request<Envelope<T>, Envelope<T>>({ ...config, url, method: 'delete', params }),
}

/** Unwrap the data of a resolved envelope. */
export const dataOf = <T>(p: Promise<Envelope<T>>): Promise<T> => p.then((r) => r.data)
