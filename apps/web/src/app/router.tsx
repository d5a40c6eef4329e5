import { lazy, type ReactNode } from 'react'
import { BrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router'
import { FullText } from './FullText'
import { LandingRedirect } from './LandingRedirect'
import { Root } from './Root'
import { GroupRedirect, RouteView } from './RouteView'
import type { AppRoute } from './routeAccess'
import { DESK_PATH, layoutRoutes, publicRoutes } from './routes'

const SignedInApp = lazy(() => import('./SignedInApp'))
const BasicLayout = lazy(() => import('../layouts/BasicLayout'))
const DeskLayout = lazy(() => import('../pages/customerServiceDesk/layout'))

/** The agent desk is full-screen in its own layout; every other signed-in page is in the console's. */
const deskRoutes = layoutRoutes.filter((r) => r.path === DESK_PATH)
const consoleRoutes = layoutRoutes.filter((r) => r.path !== DESK_PATH)

/** Route objects of a table entry: a group's own path opens its first permitted child. */
function toRouteObjects(route: AppRoute): RouteObject[] {
  if (!route.children) return [{ path: route.path, element: <RouteView route={route} /> }]
  return [
    { path: route.path, element: <GroupRedirect route={route} /> },
    ...route.children.flatMap(toRouteObjects),
  ]
}

const routeObjects: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...publicRoutes.map((route) => ({
        path: route.path,
        element: <RouteView route={route} checkRoles={false} />,
      })),
      {
        element: <SignedInApp />,
        children: [
          // outside both layouts: an agent lands at the desk without the console being drawn first
          { path: '/', element: <LandingRedirect /> },
          {
            element: (
              <FullText>
                <BasicLayout />
              </FullText>
            ),
            children: consoleRoutes.flatMap(toRouteObjects),
          },
          {
            element: (
              <FullText part="desk">
                <DeskLayout />
              </FullText>
            ),
            children: deskRoutes.flatMap(toRouteObjects),
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]

/** The route table rendered in the browser's history (declarative routing: no loaders or actions). */
export function AppRoutes() {
  return useRoutes(routeObjects)
}

/**
 * The browser's history as the router's location. Navigations are not transitions: the page drawn
 * is always the one in the address bar (a page still loading shows its spinner meanwhile), so the
 * guard and the menu never act on the page being left while the next one loads.
 */
export function BrowserHistoryRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>
}
