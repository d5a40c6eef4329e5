import type { AxiosError, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import Cookies from 'js-cookie'
import { afterEach, beforeEach, type Mock, vi } from 'vitest'
import { type Feedback, setFeedback } from '../app/feedback'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { StorageKey } from '../utils/storage'
import { resetDialogs } from './dialogs'
import { service, setExtraHeaders } from './request'

/*
 * The request client's tests: a fake network and fake toasts and dialogs, set up before each test
 * of a file that calls `requestHarness()` and put back after it.
 */

export type Reply = (config: InternalAxiosRequestConfig) => unknown
export let adapter: Mock<(config: InternalAxiosRequestConfig) => Promise<AxiosResponse>>
export let ui: { error: Mock; confirm: Mock }

/** The fake network: answers each request with `reply(config)` as the JSON body. */
export function serve(reply: Reply = () => ({ code: 0, msg: '', data: null })) {
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
export function fail(make: (config: InternalAxiosRequestConfig) => AxiosError) {
  adapter = vi.fn(async (config: InternalAxiosRequestConfig) => {
    throw make(config)
  })
  service.defaults.adapter = adapter
}

export const sentHeaders = (call = 0) => adapter.mock.calls[call]?.[0].headers

interface DialogConfig {
  content: string
  onOk: () => void
  onCancel: () => void
  afterClose: () => void
}
/** The config of the n-th dialog the client opened. */
export function dialog(n = 0): DialogConfig {
  const config = ui.confirm.mock.calls[n]?.[0] as DialogConfig | undefined
  if (!config) throw new Error(`no dialog #${n}`)
  return config
}

/** Sets the fake network, toasts and dialogs up before each test of the calling file. */
export function requestHarness(): void {
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
}

export const later = (ms: number) => vi.setSystemTime(Date.now() + ms)
