import { createContext, useContext } from 'react'
import type { AppRoute } from './routeAccess'

/** The route table entry of the page being shown. */
export const RouteMetaContext = createContext<AppRoute | null>(null)

export const useRouteMeta = (): AppRoute | null => useContext(RouteMetaContext)
