import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import Cookies from 'js-cookie'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { useSession } from '../../stores/session'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, makeUser, ok } from '../../test/fixtures'
import { StorageKey } from '../../utils/storage'
import LoginPage from './index'

function renderLogin(path = '/login?redirect=%2FfansManage%2Flist') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div data-testid="landed">landed</div> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback()
})

afterEach(async () => {
  Cookies.remove(StorageKey.token)
  Cookies.remove(StorageKey.tenantId)
  useSession.setState({ token: undefined, tenantId: undefined, user: null, roles: [] })
  await i18n.changeLanguage('zh')
})

describe('login page', () => {
  it('shows the shared validation texts', async () => {
    renderLogin()
    fill('login-password', 'abc')
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Enter the user name')).toBeInTheDocument()
    expect(await screen.findByText('The password is 4–20 characters')).toBeInTheDocument()
  })

  it('signs in with a trimmed user name, keeps token and tenant, goes to the redirect', async () => {
    const server = fakeServer({
      '/damai/system/auth/login': () =>
        ok({ accessToken: 'tok-9', expiresAt: Date.now() + 3_600_000, tenantId: 2, userId: 10 }),
      '/damai/system/user/profile/get': () => ok(makeUser()),
    })
    const router = renderLogin()
    fill('login-username', '  master ')
    fill('login-password', 'Master123')
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/fansManage/list'))
    expect(JSON.parse(String(server.mock.calls[0]?.[0].data))).toEqual({
      username: 'master',
      password: 'Master123',
    })
    expect(Cookies.get(StorageKey.token)).toBe('tok-9')
    expect(Cookies.get(StorageKey.tenantId)).toBe('2')
    expect(useSession.getState()).toMatchObject({ token: 'tok-9', roles: [4] })
  })

  it('a failed sign-in clears the stored tenant id', async () => {
    Cookies.set(StorageKey.tenantId, '7')
    fakeServer({ '/damai/system/auth/login': () => ({ code: 1001, msg: 'Wrong user name or password' }) })
    renderLogin()
    fill('login-username', 'master')
    fill('login-password', 'nope1')
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(Cookies.get(StorageKey.tenantId)).toBeUndefined())
    expect(Cookies.get(StorageKey.token)).toBeUndefined()
  })

  describe('where a sign-in without a redirect lands', () => {
    const signInAs = async (roles: string[], roleId: number, path = '/login') => {
      fakeServer({
        '/damai/system/auth/login': () =>
          ok({ accessToken: 'tok-5', expiresAt: Date.now() + 3_600_000, tenantId: 2, userId: 11 }),
        '/damai/system/user/profile/get': () => ok(makeUser({ id: 11, roles, roleId })),
      })
      const router = renderLogin(path)
      fill('login-username', 'agent1')
      fill('login-password', 'Agent123')
      fireEvent.click(screen.getByTestId('login-submit'))
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'))
      return router.state.location.pathname
    }

    it('an agent goes straight to the desk', async () => {
      expect(await signInAs(['customerUser'], 5)).toBe('/customerServiceDesk/deskSession')
    })

    it('the supervisor goes to the home page', async () => {
      expect(await signInAs(['customerMaster'], 4)).toBe('/home')
    })

    it('a team lead goes to the home page', async () => {
      expect(await signInAs(['customerUserLeader'], 6)).toBe('/home')
    })

    it('an agent sent back from a page of the desk returns to that page', async () => {
      const path = `/login?redirect=${encodeURIComponent('/customerServiceDesk/deskFansList')}`
      expect(await signInAs(['customerUser'], 5, path)).toBe('/customerServiceDesk/deskFansList')
    })
  })
})
