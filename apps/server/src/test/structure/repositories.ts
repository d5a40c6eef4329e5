import type { Source } from './faces.js'

/**
 * Repositories a face still exports, each to be replaced by the owner's services and tenant-scoped
 * read functions. Empty now: every repository stays inside its module. The list only shrinks:
 * a repository put on a face is refused, not added here.
 */
export const FACE_REPOSITORIES_TO_CLOSE: readonly string[] = []

/** `module: Name` for each `*Repository` a face (modules/<x>/index.ts) exports, by name or through `export *`. */
export function faceRepositories(sources: Source[]): string[] {
  const out: string[] = []
  for (const s of sources) {
    const m = /^modules\/([^/]+)\/index\.ts$/.exec(s.path)
    if (!m) continue
    for (const e of s.text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
      for (const part of e[1].split(',')) {
        // a repository renamed on the way out is still one: either side of `as` counts
        const names = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
        const name = names.map((n) => n.trim()).find((n) => /Repository$/.test(n))
        if (name) out.push(`${m[1]}: ${name}`)
      }
    for (const e of s.text.matchAll(/export\s+\*\s+from\s+['"]([^'"]+)['"]/g))
      if (/repository|\.query/.test(e[1])) out.push(`${m[1]}: * from ${e[1]}`)
  }
  return out.sort()
}
