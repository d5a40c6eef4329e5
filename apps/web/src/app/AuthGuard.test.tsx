import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AxiosError, type InternalAxiosRequestConfig } from 'axios'
import Cookies from 'js-cookie'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { service } from '../api/request'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { fakeServer, makeUser, ok } from '../test/fixtures'
import { StorageKey } from '../utils/storage'
import { AuthGuard } from './AuthGuard'
import { setFeedback } from './feedback'

function Where() {
  const { pathname, search } = useLocation()
  return <div data-testid="where">{`${pathname}${search}`}</div>
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthGuard>
            <Where />
          </AuthGuard>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
}

const error = vi.fn()

beforeEach(() => {
  const noop = vi.fn()
  const dialog = vi.fn(() => ({ destroy: noop }))
  setFeedback({
    message: { error, success: noop, warning: noop, info: noop, loading: noop },
    modal: { confirm: dialog, warning: dialog, info: dialog },
    notification: { info: noop },
  })
})

afterEach(() => {
  Cookies.remove(StorageKey.token)
  useSession.setState({ token: undefined, user: null, roles: [] })
  error.mockReset()
})

describe('<AuthGuard>', () => {
  it('sends a visitor without token to the login page with the path as redirect', async () => {
    renderAt('/announcementManage/index?page=2')
    expect(await screen.findByTestId('where')).toHaveTextContent(
      `/login?redirect=${encodeURIComponent('/announcementManage/index?page=2')}`,
    )
  })

  it('sends unknown paths to /404', async () => {
    renderAt('/no/such/page')
    expect(await screen.findByTestId('where')).toHaveTextContent('/404')
  })

  it('with a token but no roles, loads the profile, then shows the page', async () => {
    Cookies.set(StorageKey.token, 'tok')
    useSession.setState({ token: 'tok' })
    fakeServer({ '/damai/system/user/profile/get': () => ok(makeUser()) })
    renderAt('/home')
    expect(await screen.findByTestId('where')).toHaveTextContent('/home')
    expect(useSession.getState().roles).toEqual([4])
  })

  it('when the profile fails, drops the token, says the sign-in expired and goes to the login page', async () => {
    Cookies.set(StorageKey.token, 'tok')
    useSession.setState({ token: 'tok' })
    fakeServer({ '/damai/system/user/profile/get': () => ({ code: 401, msg: 'expired' }) })
    renderAt('/home')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login?redirect=%2Fhome'))
    expect(Cookies.get(StorageKey.token)).toBeUndefined()
    expect(error).toHaveBeenCalledWith({ content: '登录认证已过期，请重新登录' })
  })

  it('when the profile answers without a user, says the verification failed and goes to the login page', async () => {
    Cookies.set(StorageKey.token, 'tok')
    useSession.setState({ token: 'tok' })
    fakeServer({ '/damai/system/user/profile/get': () => ok(null) })
    renderAt('/home')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login?redirect=%2Fhome'))
    expect(Cookies.get(StorageKey.token)).toBeUndefined()
    expect(error).toHaveBeenCalledWith({ content: '验证失败，请重新登录' })
    expect(error).not.toHaveBeenCalledWith({ content: '登录认证已过期，请重新登录' })
  })

  it('says "Verification failed, please Login again." in English', async () => {
    await i18n.changeLanguage('en')
    try {
      Cookies.set(StorageKey.token, 'tok')
      useSession.setState({ token: 'tok' })
      fakeServer({ '/damai/system/user/profile/get': () => ok(null) })
      renderAt('/home')
      await waitFor(() =>
        expect(error).toHaveBeenCalledWith({ content: 'Verification failed, please Login again.' }),
      )
    } finally {
      await i18n.changeLanguage('zh')
    }
  })

  it('keeps the sign-in when the profile cannot be reached, and loads it again on retry', async () => {
    Cookies.set(StorageKey.token, 'tok')
    useSession.setState({ token: 'tok' })
    let reachable = false
    const fake = fakeServer({ '/damai/system/user/profile/get': () => ok(makeUser()) })
    const answer = fake.getMockImplementation()
    service.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      if (!reachable) throw new AxiosError('Network Error', 'ERR_NETWORK', config)
      return answer!(config)
    }
    renderAt('/home')
    const retry = await screen.findByTestId('guard-retry')
    expect(Cookies.get(StorageKey.token)).toBe('tok')
    expect(useSession.getState().token).toBe('tok')
    reachable = true
    fireEvent.click(retry)
    expect(await screen.findByTestId('where', {}, { timeout: 3_000 })).toHaveTextContent('/home')
  })

  it('sends a signed-in user away from /login to /', async () => {
    Cookies.set(StorageKey.token, 'tok')
    useSession.setState({ token: 'tok', roles: [4], user: makeUser() })
    renderAt('/login')
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/)
  })

  it("sends a typed page of a group the user's role does not open to /404", async () => {
    Cookies.set(StorageKey.token, 'tok')
    useSession.setState({ token: 'tok', roles: [5], user: makeUser({ roleId: 5, roles: ['customerUser'] }) })
    renderAt('/materialManage/message')
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/404$/)
  })

  it('lets the supervisor into their own groups but not the admin ones', async () => {
    Cookies.set(StorageKey.token, 'tok')
    useSession.setState({ token: 'tok', roles: [4], user: makeUser() })
    renderAt('/accountManage/index')
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/accountManage\/index$/)
    cleanup()
    renderAt('/accountNurturingManage/sourceMaterial')
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/404$/)
  })
})
