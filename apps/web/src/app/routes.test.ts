import { roleName } from '@app/core'
import { describe, expect, it } from 'vitest'
import { type AppRoute, leafRoutes, menuRoutes } from './routeAccess'
import { layoutRoutes, publicRoutes } from './routes'

/** Effective roles of each page: its own, else its group's; 'all' when open to everyone signed in. */
function whoMayOpen(routes: AppRoute[], inherited?: AppRoute['roles']): Record<string, string> {
  return Object.fromEntries(
    routes.flatMap((r) => {
      const roles = r.roles ?? inherited
      if (r.children) return Object.entries(whoMayOpen(r.children, roles))
      return [[r.path, roles ? roles.map(roleName).join(',') : 'all']]
    }),
  )
}

describe('route table', () => {
  it('route → roles (review any change here: it changes who can reach what)', () => {
    expect(whoMayOpen(layoutRoutes)).toMatchSnapshot()
  })

  it('has every page a title key under menu.* and a component', () => {
    for (const r of [...publicRoutes, ...leafRoutes(layoutRoutes)]) {
      expect(r.titleKey).toMatch(/^menu\./)
      expect(r.component).toBeDefined()
    }
  })

  it('has unique paths', () => {
    const all = [...publicRoutes, ...leafRoutes(layoutRoutes)].map((r) => r.path)
    expect(new Set(all).size).toBe(all.length)
  })

  it('keeps the agent desk out of the menu', () => {
    const menu = leafRoutes(menuRoutes(layoutRoutes)).map((r) => r.path)
    expect(menu.some((p) => p.startsWith('/customerServiceDesk'))).toBe(false)
    expect(leafRoutes(layoutRoutes).filter((r) => r.path.startsWith('/customerServiceDesk/'))).toHaveLength(
      10,
    )
  })
})
