import { lazy } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { Root } from './Root'
import { GroupRedirect, RouteView } from './RouteView'
import type { AppRoute } from './routeAccess'
import { DESK_PATH, layoutRoutes, publicRoutes } from './routes'

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

export const routeObjects: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...publicRoutes.map((route) => ({
        path: route.path,
        element: <RouteView route={route} checkRoles={false} />,
      })),
      {
        element: <BasicLayout />,
        children: [
          { path: '/', element: <Navigate to="/home" replace /> },
          ...consoleRoutes.flatMap(toRouteObjects),
        ],
      },
      { element: <DeskLayout />, children: deskRoutes.flatMap(toRouteObjects) },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routeObjects)
