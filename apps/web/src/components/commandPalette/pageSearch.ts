import type { AppRoute } from '../../app/routeAccess'
import { menu as enMenu } from '../../i18n/en/menu'
import { menu as zhMenu } from '../../i18n/zh/menu'

/** A page the palette offers: a leaf of the route table, with the groups above it. */
export interface PageEntry {
  path: string
  titleKey: string
  /** the title keys of the groups above it, outermost first */
  parentKeys: string[]
}

/** Every page of `routes` (menu-hidden ones too, such as the desk's), in menu order. */
export function pageEntries(routes: readonly AppRoute[], parentKeys: string[] = []): PageEntry[] {
  return routes.flatMap((route) =>
    route.children
      ? pageEntries(route.children, [...parentKeys, route.titleKey])
      : [{ path: route.path, titleKey: route.titleKey, parentKeys }],
  )
}

/**
 * The route titles in every language, so a page is found by its name in either ("desk" finds
 * 客服台 in Chinese): the other language's whole text may not be loaded, its menu titles are here.
 */
const MENU_TITLES: readonly Record<string, string>[] = [zhMenu, enMenu]

const titlesOf = (key: string): string[] => {
  const name = key.replace(/^menu\./, '')
  return MENU_TITLES.flatMap((menu) => (menu[name] ? [menu[name]] : []))
}

const normalize = (s: string): string => s.toLocaleLowerCase().replace(/\s+/g, ' ').trim()

/**
 * The pages matching `query`: each of its words is in the page's title or its groups' titles, in
 * the current language (`t`) or another. Pages whose own title starts with the query come first,
 * then those whose title holds it, then the rest, each in menu order. An empty query lists them all.
 */
export function matchPages(
  entries: readonly PageEntry[],
  query: string,
  t: (key: string) => string,
): PageEntry[] {
  const q = normalize(query)
  if (!q) return [...entries]
  const words = q.split(' ')
  return entries
    .flatMap((entry, order) => {
      const own = [t(entry.titleKey), ...titlesOf(entry.titleKey)].map(normalize)
      const all = [...own, ...entry.parentKeys.flatMap((k) => [t(k), ...titlesOf(k)]).map(normalize)]
      if (!words.every((w) => all.some((title) => title.includes(w)))) return []
      const rank = own.some((s) => s.startsWith(q)) ? 0 : own.some((s) => s.includes(q)) ? 1 : 2
      return [{ entry, rank, order }]
    })
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((hit) => hit.entry)
}
