import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** One output file of Vite's manifest (build.manifest: true), keyed by its source. */
interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
export type Manifest = Record<string, ManifestChunk>

/**
 * What a browser loads for a route, in JavaScript: the entry's static imports, then each page
 * module the route opens (its lazy chunk) with its own static imports. Dynamic imports are not
 * followed: they load only when something on the page asks for them.
 */
export function routeScripts(manifest: Manifest, sources: string[]): string[] {
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    seen.add(key)
    for (const next of chunk.imports ?? []) walk(next)
  }
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry)
  for (const key of [...entries, ...sources]) walk(key)
  return [...seen].map((k) => (manifest[k] as ManifestChunk).file).filter((f) => f.endsWith('.js'))
}

export interface RouteWeight {
  gzipBytes: number
  files: { file: string; gzipBytes: number }[]
}

/** The gzip size (zlib, level 9 as the server's pre-compressed files) of the route's scripts. */
export function routeWeight(distDir: string, sources: string[]): RouteWeight {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest
  const files = routeScripts(manifest, sources)
    .map((file) => ({
      file,
      gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
  return { gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files }
}

/**
 * The routes with a budget, by the page modules each opens: the build may not pass `ceilingKb`
 * (it fails the tests), which is the route's budget.
 */
export const BUDGET_ROUTES = {
  // the browser's endpoint objects carry no schemas (build/clientContracts.ts): the sign-in page
  // loads no zod (253.7 kB measured)
  login: { sources: ['src/pages/login/index.tsx'], targetKb: 250, ceilingKb: 256 },
  /**
   * the agent desk with a chat open: the signed-in pages' antd App context, the desk's part of the
   * text (the console's pages' text loads with the first of them), the desk's layout and the
   * session page with its chat
   */
  desk: {
    sources: [
      'src/app/SignedInApp.tsx',
      'src/i18n/zh/deskText.ts',
      'src/pages/customerServiceDesk/layout/index.tsx',
      'src/pages/customerServiceDesk/deskSession/index.tsx',
    ],
    targetKb: 450,
    ceilingKb: 480,
  },
} as const
