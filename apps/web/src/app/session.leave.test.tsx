import { Role } from '@app/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { lazy, Suspense, useEffect } from 'react'
import { Outlet, Route, Routes, useLocation, useNavigate } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'
import { useSession } from '../stores/session'
import { makeUser } from '../test/fixtures'
import { AuthGuard } from './AuthGuard'
import { setNavigate } from './feedback'
import { BrowserHistoryRouter } from './router'

vi.mock('../api/auth', () => ({ getProfile: vi.fn(), logout: vi.fn(() => Promise.resolve()) }))

import { logout } from './session'

/** A page whose code never arrives: a navigation to it stays pending. */
const NeverLoads = lazy(() => new Promise<never>(() => {}))

function Where() {
  const { pathname } = useLocation()
  return <div data-testid="where">{pathname}</div>
}

/** The app's root as far as the guard goes: navigation for non-React code, guard, pages. */
function Root() {
  const navigate = useNavigate()
  useEffect(() => setNavigate((to, options) => void navigate(to, options)), [navigate])
  return (
    <AuthGuard>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </AuthGuard>
  )
}

afterEach(() => {
  cleanup()
  useSession.setState({ token: undefined, user: null, roles: [] })
})

it('signing out while a page is still loading comes back to that page, not the one left', async () => {
  window.history.replaceState(null, '', '/home')
  useSession.setState({ token: 'signed-in', user: makeUser(), roles: [Role.customerMaster] })
  render(
    <BrowserHistoryRouter>
      <Routes>
        <Route element={<Root />}>
          <Route path="/home" element={<Where />} />
          <Route path="/myOrder" element={<NeverLoads />} />
          <Route path="/login" element={<Where />} />
        </Route>
      </Routes>
    </BrowserHistoryRouter>,
  )
  expect(await screen.findByTestId('where')).toHaveTextContent('/home')

  // the router draws the page of the address at once (its spinner while its code loads)
  const { navigateTo } = await import('./feedback')
  await act(async () => navigateTo('/myOrder'))
  expect(window.location.pathname).toBe('/myOrder')
  expect(screen.getByTestId('where')).not.toBeVisible()

  await act(() => logout())
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(`${window.location.pathname}${window.location.search}`).toBe('/login?redirect=%2FmyOrder')
  expect(screen.getByTestId('where')).toHaveTextContent('/login')
})
