import { DESK_ID_HEADER, ErrorCode, Header, Role } from '@app/core'
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest'
import { type Feedback, setFeedback, setNavigate } from '../app/feedback'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { browser } from '../utils/browser'
import { StorageKey } from '../utils/storage'
import { resetDialogs } from './dialogs'
import {
  ApiError,
  DUPLICATE_GET_WARNING,
  DUPLICATE_POST_WARNING,
  DuplicateRequestError,
  dataOf,
  http,
  noRepeatGuard,
  PROFILE_URL,
  service,
  setExtraHeaders,
} from './request'

type Reply = (config: InternalAxiosRequestConfig) => unknown
let adapter: Mock<(config: InternalAxiosRequestConfig) => Promise<AxiosResponse>>
let ui: { error: Mock; confirm: Mock }

/** The fake network: answers each request with `reply(config)` as the JSON body. */
function serve(reply: Reply = () => ({ code: 0, msg: '', data: null })) {
  adapter = vi.fn(async (config: InternalAxiosRequestConfig) => ({
    data: reply(config),
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  }))
  service.defaults.adapter = adapter
}

/** The fake network failing at transport level. */
function fail(make: (config: InternalAxiosRequestConfig) => AxiosError) {
  adapter = vi.fn(async (config: InternalAxiosRequestConfig) => {
    throw make(config)
  })
  service.defaults.adapter = adapter
}

const sentHeaders = (call = 0) => adapter.mock.calls[call]?.[0].headers

interface DialogConfig {
  content: string
  onOk: () => void
  onCancel: () => void
  afterClose: () => void
}
/** The config of the n-th dialog the client opened. */
function dialog(n = 0): DialogConfig {
  const config = ui.confirm.mock.calls[n]?.[0] as DialogConfig | undefined
  if (!config) throw new Error(`no dialog #${n}`)
  return config
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2024-05-01T10:00:00Z'))
  ui = { error: vi.fn(), confirm: vi.fn(() => ({ destroy: vi.fn() })) }
  const noop = vi.fn()
  setFeedback({
    message: { error: ui.error, success: noop, warning: noop, info: noop, loading: vi.fn() },
    modal: { confirm: ui.confirm, warning: vi.fn(), info: vi.fn() },
    notification: { info: noop },
  } satisfies Feedback)
  resetDialogs()
  await i18n.changeLanguage('zh')
  serve()
})

afterEach(() => {
  vi.useRealTimers()
  setExtraHeaders(null)
  useSession.setState({ roles: [] })
  Cookies.remove(StorageKey.token)
  Cookies.remove(StorageKey.tenantId)
})

const later = (ms: number) => vi.setSystemTime(Date.now() + ms)

describe('headers', () => {
  it('sends Bearer token, tenant id and language when known', async () => {
    Cookies.set(StorageKey.token, 'tok-1')
    Cookies.set(StorageKey.tenantId, '42')
    await i18n.changeLanguage('en')
    await http.get('/damai/x')
    const h = sentHeaders()
    expect(h?.get('Authorization')).toBe('Bearer tok-1')
    expect(h?.get('tenant-id')).toBe('42')
    expect(h?.get('Language')).toBe('en')
  })

  it('sends no Authorization without a token', async () => {
    await http.get('/damai/x')
    expect(sentHeaders()?.has('Authorization')).toBe(false)
    expect(sentHeaders()?.get('Language')).toBe('zh')
  })

  it('uses the 10 s timeout', async () => {
    await http.get('/damai/x')
    expect(adapter.mock.calls[0]?.[0].timeout).toBe(10_000)
  })

  it('adds the headers an open screen provides, by url; a header the call sets wins', async () => {
    useSession.setState({ roles: [Role.customerMaster] })
    setExtraHeaders((url) =>
      url.startsWith('/damai/customer/') ? { 'desk-id': 'd1', 'customer-user-id': '7' } : undefined,
    )
    try {
      await http.post('/damai/customer/session/page', {})
      await http.post('/damai/customer/desk/enter', {}, { headers: { 'customer-user-id': '9' } })
      await http.get('/damai/system/user/profile/get')
    } finally {
      setExtraHeaders(null)
    }
    expect(sentHeaders(0)?.get('desk-id')).toBe('d1')
    expect(sentHeaders(0)?.get('customer-user-id')).toBe('7')
    expect(sentHeaders(1)?.get('customer-user-id')).toBe('9')
    expect(sentHeaders(2)?.has('desk-id')).toBe(false)
    await http.post('/damai/customer/session/counts', {})
    expect(sentHeaders(3)?.has('desk-id')).toBe(false)
  })
})

describe('customer-user-id of a supervisor working the desk as an agent', () => {
  const deskHeaders = () => ({ [DESK_ID_HEADER]: 'desk-of-21', [Header.customerUserId]: '21' })
  /** Sends one call (the duplicate guard off) and answers the two desk headers it carried. */
  async function sent(call: () => Promise<unknown>) {
    const before = adapter.mock.calls.length
    await call()
    const h = sentHeaders(before)
    return { agent: h?.get(Header.customerUserId) ?? null, desk: h?.get(DESK_ID_HEADER) ?? null }
  }
  const get = (url: string, params?: object) => () => http.get(url, params, noRepeatGuard)
  const post = (url: string, data?: object) => () => http.post(url, data, noRepeatGuard)
  const put = (url: string, data?: object) => () => http.put(url, data, noRepeatGuard)

  beforeEach(() => {
    useSession.setState({ roles: [Role.customerMaster] })
    setExtraHeaders(deskHeaders)
  })

  it.each([
    ['customer user: chat history', post('/damai/customer/user/getSessionChatMessages', { sessionId: 1 })],
    ['customer user: send', post('/damai/customer/user/sendChatMessage', { sessionId: 1 })],
    ['customer user: chat media', get('/damai/customer/user/chatMedia/5')],
    ['customer user: desk accounts', get('/damai/customer/user/deskAccounts')],
    ['the desk session list', post('/damai/customer/session/page', {})],
    ['session migrate', put('/damai/customer/session/migrate', { sessionId: 1, userId: 3 })],
    ['enable AI reply', put('/damai/customer/session/flag', { sessionId: 1, flag: 'aiReply', value: true })],
    ['chat group', post('/damai/customer/group/info', { sessionId: 1 })],
    ['auto reply', post('/damai/customer/autoReply/page', {})],
    ['personal material types', get('/damai/customer/material/typeCounts', { ownerType: 2 })],
    ['personal materials', post('/damai/customer/material/page', { ownerType: 2, pageNo: 1 })],
    ['personal material groups', get('/damai/customer/materialGroup/list', { ownerType: 2 })],
    ['a personal material write', post('/damai/customer/material', { ownerType: 2, name: 'x' })],
    ['a personal material group write', post('/damai/customer/materialGroup', { ownerType: 2, name: 'x' })],
    ['a material read by id (its preview)', get('/damai/customer/material/get', { id: 7 })],
    ['the desk mass send list', post('/damai/customer/massSend/page', {})],
  ])('carries the agent acted as on %s', async (_, call) => {
    expect(await sent(call)).toEqual({ agent: '21', desk: 'desk-of-21' })
  })

  it.each([
    ['the session-friend tags query', get('/damai/customer/label/fan', { fanId: 4 })],
    ['labels', get('/damai/customer/label/list')],
    ['customers', post('/damai/customer/fans/page', {})],
    ['public materials', post('/damai/customer/material/page', { ownerType: 1, pageNo: 1 })],
    ['public material types', get('/damai/customer/material/typeCounts', { ownerType: 1 })],
    ['public material groups', get('/damai/customer/materialGroup/list', { ownerType: 1 })],
    ['a public material write', post('/damai/customer/material', { ownerType: 1, name: 'x' })],
    ['tenant display settings', get('/damai/customer/tenantSetting/display')],
  ])('works for the supervisor on %s: neither the agent nor their desk id', async (_, call) => {
    expect(await sent(call)).toEqual({ agent: null, desk: null })
  })

  it('is sent only by a supervisor; an agent keeps the desk id alone', async () => {
    useSession.setState({ roles: [Role.customerUser] })
    expect(await sent(post('/damai/customer/session/page', {}))).toEqual({ agent: null, desk: 'desk-of-21' })
    expect(await sent(get('/damai/customer/label/list'))).toEqual({ agent: null, desk: 'desk-of-21' })
  })

  it('a supervisor at their own desk sends the desk id on every desk call', async () => {
    setExtraHeaders(() => ({ [DESK_ID_HEADER]: 'own-desk' }))
    expect(await sent(get('/damai/customer/label/list'))).toEqual({ agent: null, desk: 'own-desk' })
    expect(await sent(post('/damai/customer/session/page', {}))).toEqual({ agent: null, desk: 'own-desk' })
  })
})

describe('duplicate-submission guard', () => {
  it('rejects a post with the same url and body within 300 ms, unsent and silent', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await http.post('/damai/a', { n: 1 })
    later(299)
    await expect(http.post('/damai/a', { n: 1 })).rejects.toBeInstanceOf(DuplicateRequestError)
    expect(adapter).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(DUPLICATE_POST_WARNING))
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('applies to put the same way', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await http.put('/damai/a', { n: 1 })
    await expect(http.put('/damai/a', { n: 1 })).rejects.toBeInstanceOf(DuplicateRequestError)
  })

  it('lets a different body, a different url, or the same one after 300 ms through', async () => {
    await http.post('/damai/a', { n: 1 })
    await http.post('/damai/a', { n: 2 })
    await http.post('/damai/b', { n: 2 })
    later(300)
    await http.post('/damai/b', { n: 2 })
    expect(adapter).toHaveBeenCalledTimes(4)
  })

  it('drops a get with the same url and params within 300 ms', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await http.get('/damai/list', { page: 1 })
    await expect(http.get('/damai/list', { page: 1 })).rejects.toBeInstanceOf(DuplicateRequestError)
    await http.get('/damai/list', { page: 2 })
    expect(adapter).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(DUPLICATE_GET_WARNING))
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('is off with header repeatSubmit: false, which is not sent on', async () => {
    await http.post('/damai/a', { n: 1 }, noRepeatGuard)
    await http.post('/damai/a', { n: 1 }, { headers: { repeatSubmit: false } })
    expect(adapter).toHaveBeenCalledTimes(2)
    expect(sentHeaders(1)?.has('repeatSubmit')).toBe(false)
    expect(sentHeaders(0)?.has('repeatsubmit')).toBe(false)
  })

  it('does not count a request of an earlier page load (a reload right after a click)', async () => {
    await http.get('/damai/system/user/profile/get')
    const record = JSON.parse(sessionStorage.getItem(StorageKey.lastRequest) ?? '{}')
    sessionStorage.setItem(StorageKey.lastRequest, JSON.stringify({ ...record, page: 'previous-load' }))
    await http.get('/damai/system/user/profile/get')
    expect(adapter).toHaveBeenCalledTimes(2)
  })

  it('keeps the last request and last response in sessionStorage', async () => {
    await http.post('/damai/a', { n: 1 })
    expect(JSON.parse(sessionStorage.getItem(StorageKey.lastRequest) ?? '{}')).toEqual({
      url: '/damai/a',
      data: '{"n":1}',
      time: Date.now(),
      page: expect.any(String),
    })
    expect(JSON.parse(sessionStorage.getItem(StorageKey.lastResponse) ?? '{}')).toEqual({
      url: '/damai/a',
      time: Date.now(),
    })
  })
})

describe('response codes', () => {
  it('code 0 resolves the whole envelope; dataOf unwraps it', async () => {
    serve(() => ({ code: 0, msg: 'ok', data: { id: 7 } }))
    await expect(http.get('/damai/x')).resolves.toEqual({ code: 0, msg: 'ok', data: { id: 7 } })
    later(400)
    await expect(dataOf(http.get<{ id: number }>('/damai/x'))).resolves.toEqual({ id: 7 })
  })

  it('repCode "0000" is success too', async () => {
    serve(() => ({ repCode: '0000', data: 1 }))
    await expect(http.get('/damai/x')).resolves.toMatchObject({ code: 0, data: 1 })
  })

  it('code 3023 resolves as a normal result, no toast', async () => {
    serve(() => ({ code: 3023, msg: '部分成功', data: { ok: 3, failed: 1 } }))
    await expect(http.post('/damai/x', {})).resolves.toEqual({
      code: 3023,
      msg: '部分成功',
      data: { ok: 3, failed: 1 },
    })
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('any other code: red toast for 5 s with msg, then rejects', async () => {
    serve(() => ({ code: ErrorCode.wrongCredentials, msg: '用户名或密码错误', data: null }))
    const err = await http.post('/damai/x', {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 1001, message: '用户名或密码错误' })
    expect(ui.error).toHaveBeenCalledWith({ content: '用户名或密码错误', duration: 5 })
  })

  it('falls back to message, then to "Error"', async () => {
    serve(() => ({ code: 500, message: 'from message' }))
    await expect(http.get('/damai/x')).rejects.toThrow('from message')
    later(400)
    serve(() => ({ code: 500 }))
    await expect(http.get('/damai/y')).rejects.toThrow('错误')
    expect(ui.error).toHaveBeenLastCalledWith({ content: '错误', duration: 5 })
    await i18n.changeLanguage('en')
    later(400)
    await expect(http.post('/damai/z', {})).rejects.toThrow(/^Error$/)
    expect(ui.error).toHaveBeenCalledTimes(3)
  })

  it('a modification refused without a message says "modify failed"', async () => {
    serve(() => ({ code: 500, msg: '' }))
    await expect(http.put('/damai/x', { id: 1 })).rejects.toThrow('修改失败')
    expect(ui.error).toHaveBeenCalledWith({ content: '修改失败', duration: 5 })
    later(400)
    serve(() => ({ code: 500, msg: '名称已存在' }))
    await expect(http.put('/damai/x', { id: 2 })).rejects.toThrow('名称已存在')
  })

  it('an HTTP error carrying an envelope is handled by its code', async () => {
    fail(
      (config) =>
        new AxiosError('Request failed with status code 500', 'ERR_BAD_RESPONSE', config, null, {
          data: { code: 500, msg: '系统繁忙' },
          status: 500,
          statusText: 'Internal Server Error',
          headers: {},
          config,
        }),
    )
    await expect(http.get('/damai/x')).rejects.toMatchObject({ code: 500, message: '系统繁忙' })
    expect(ui.error).toHaveBeenCalledWith({ content: '系统繁忙', duration: 5 })
  })

  it('leaves the toast out when a previous response, to any call, came within 300 ms', async () => {
    serve(() => ({ code: 500, msg: 'down' }))
    await expect(http.get('/damai/x', { a: 1 })).rejects.toThrow('down')
    later(100)
    await expect(http.get('/damai/other', { a: 2 })).rejects.toThrow('down')
    expect(ui.error).toHaveBeenCalledTimes(1)
    later(400)
    await expect(http.get('/damai/x', { a: 3 })).rejects.toThrow('down')
    expect(ui.error).toHaveBeenCalledTimes(2)
  })

  it('a successful response counts as the previous response too', async () => {
    serve((config) =>
      config.url === '/damai/ok' ? { code: 0, msg: '', data: null } : { code: 500, msg: 'down' },
    )
    await http.get('/damai/ok')
    later(299)
    await expect(http.get('/damai/bad')).rejects.toThrow('down')
    expect(ui.error).not.toHaveBeenCalled()
    later(300)
    await expect(http.get('/damai/bad', { again: true })).rejects.toThrow('down')
    expect(ui.error).toHaveBeenCalledTimes(1)
  })

  it('a transport failure right after another response is not toasted either', async () => {
    await http.get('/damai/ok')
    later(50)
    fail((config) => new AxiosError('Network Error', 'ERR_NETWORK', config))
    await expect(http.get('/damai/x')).rejects.toThrow('网络错误')
    expect(ui.error).not.toHaveBeenCalled()
  })

  it('silent calls reject without a toast', async () => {
    serve(() => ({ code: 500, msg: 'down' }))
    await expect(http.get('/damai/poll', undefined, { silent: true })).rejects.toThrow('down')
    expect(ui.error).not.toHaveBeenCalled()
  })
})

describe('code 401', () => {
  it('toasts, then opens one confirm dialog however many calls fail', async () => {
    serve(() => ({ code: 401, msg: '登录认证已过期，请重新登录' }))
    await expect(http.get('/damai/a')).rejects.toMatchObject({ code: 401 })
    await expect(http.get('/damai/b')).rejects.toMatchObject({ code: 401 })
    expect(ui.error).toHaveBeenCalledWith({ content: '登录认证已过期，请重新登录', duration: 5 })
    expect(ui.confirm).toHaveBeenCalledTimes(1)
    expect(dialog().content).toBe('登录失效，您可以取消留在该页面，或重新登录')
  })

  it('confirm clears token and session type, then reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined)
    Cookies.set(StorageKey.token, 'tok')
    sessionStorage.setItem(StorageKey.sessionType, 'group')
    serve(() => ({ code: 401, msg: 'expired' }))
    await expect(http.get('/damai/a')).rejects.toBeInstanceOf(ApiError)
    dialog().onOk()
    expect(Cookies.get(StorageKey.token)).toBeUndefined()
    expect(sessionStorage.getItem(StorageKey.sessionType)).toBeNull()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('a new dialog may open once the previous one closed', async () => {
    serve(() => ({ code: 401, msg: 'expired' }))
    await expect(http.get('/damai/a')).rejects.toBeInstanceOf(ApiError)
    dialog().afterClose()
    later(400)
    await expect(http.get('/damai/a')).rejects.toBeInstanceOf(ApiError)
    expect(ui.confirm).toHaveBeenCalledTimes(2)
  })

  it('the profile call only rejects', async () => {
    serve(() => ({ code: 401, msg: 'expired' }))
    await expect(http.get(PROFILE_URL)).rejects.toMatchObject({ code: 401 })
    expect(ui.error).not.toHaveBeenCalled()
    expect(ui.confirm).not.toHaveBeenCalled()
  })
})

describe('code 433', () => {
  it('asks once; confirm goes home, cancel closes the window', async () => {
    const navigate = vi.fn()
    setNavigate(navigate)
    const close = vi.spyOn(browser, 'close').mockImplementation(() => undefined)
    serve(() => ({ code: 433, msg: 'taken' }))
    await expect(http.post('/damai/a', {})).rejects.toMatchObject({ code: 433 })
    await expect(http.post('/damai/b', {})).rejects.toMatchObject({ code: 433 })
    expect(ui.confirm).toHaveBeenCalledTimes(1)
    expect(ui.error).not.toHaveBeenCalled()
    expect(dialog().content).toBe('主管已经登录到了其他客服台')
    dialog().onOk()
    expect(navigate).toHaveBeenCalledWith('/home', undefined)
    dialog().onCancel()
    expect(close).toHaveBeenCalledTimes(1)
  })
})

describe('transport errors', () => {
  /** The fake network answering with an HTTP error status and `data` as the body. */
  const failWithStatus = (status: number, data: unknown) =>
    fail(
      (config) =>
        new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, {
          data,
          status,
          statusText: 'Error',
          headers: {},
          config,
        }),
    )

  it("an HTTP error status shows the error's own message when the body carries one", async () => {
    failWithStatus(502, { statusCode: 502, error: 'Bad Gateway', message: '上游服务不可用' })
    await expect(http.get('/damai/x')).rejects.toMatchObject({ code: 502, message: '上游服务不可用' })
    expect(ui.error).toHaveBeenCalledWith({ content: '上游服务不可用', duration: 5 })
  })

  it('an HTTP error status without a message of its own names the status', async () => {
    failWithStatus(502, '<html>bad gateway</html>')
    await expect(http.get('/damai/x')).rejects.toThrow('系统接口 502 异常')
  })

  it('timeout toasts "网络超时"', async () => {
    fail((config) => new AxiosError('timeout of 10000ms exceeded', 'ECONNABORTED', config))
    await expect(http.get('/damai/x')).rejects.toThrow('网络超时')
    expect(ui.error).toHaveBeenCalledWith({ content: '网络超时', duration: 5 })
  })

  it('network error toasts "网络错误", in the current language', async () => {
    fail((config) => new AxiosError('Network Error', 'ERR_NETWORK', config))
    await expect(http.get('/damai/x')).rejects.toThrow('网络错误')
    await i18n.changeLanguage('en')
    later(400)
    await expect(http.get('/damai/y')).rejects.toThrow('Network error')
  })
})
