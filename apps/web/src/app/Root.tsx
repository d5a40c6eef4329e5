import { Suspense, useEffect } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { useVersionCheck } from '../hooks/useVersionCheck'
import { AuthGuard } from './AuthGuard'
import { CrashBoundary } from './CrashBoundary'
import { setNavigate } from './feedback'
import { PageLoading } from './PageLoading'

/** The element above every route: guard, version check, and navigation for non-React code. */
export function Root() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useEffect(() => {
    setNavigate((to, options) => {
      void navigate(to, options)
    })
  }, [navigate])
  useVersionCheck()
  return (
    <AuthGuard>
      <CrashBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading fullScreen />}>
          <Outlet />
        </Suspense>
      </CrashBoundary>
    </AuthGuard>
  )
}
