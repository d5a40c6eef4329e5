import { ErrorCode } from '@app/core'
import { AxiosError } from 'axios'
import Cookies from 'js-cookie'
import { describe, expect, it, vi } from 'vitest'
import { setNavigate } from '../app/feedback'
import { i18n } from '../i18n'
import { browser } from '../utils/browser'
import { StorageKey } from '../utils/storage'
import {
  ApiError,
  DUPLICATE_GET_WARNING,
  DUPLICATE_POST_WARNING,
  DuplicateRequestError,
  dataOf,
  http,
  noRepeatGuard,
  PROFILE_URL,
} from './request'
import { adapter, dialog, fail, later, requestHarness, sentHeaders, serve, ui } from './request.harness'

requestHarness()

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
