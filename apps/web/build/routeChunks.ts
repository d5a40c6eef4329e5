import path from 'node:path'
import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite'

/** A chunk gathering the modules that some routes all load. */
export interface RouteChunk {
  /** the name of the gathered chunk */
  chunk: string
  /** the routes, each by the page modules (relative to the web root) it opens besides the entry */
  routes: readonly (readonly string[])[]
  /** gather only the packages' modules (node_modules), leaving the app's own where they are */
  packagesOnly?: boolean
}

/** One chunk of the probe build: its file, its modules and the chunks it imports statically. */
export interface ProbeChunk {
  fileName: string
  isEntry: boolean
  isDynamicEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  moduleIds: string[]
}

const isPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id)

/**
 * Which chunk each module goes to. A route's modules are those of the chunks it loads (the
 * entry's and its pages' static imports); the modules of the entry and of page chunks stay where
 * they are, so every page still loads on its own. A module goes to the first group whose routes
 * all load it.
 */
export function assignModules(
  chunks: ProbeChunk[],
  groups: readonly RouteChunk[],
  root: string,
): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const entries = chunks.filter((c) => c.isEntry)
  /** the modules a route loads, but for those of the entry and of page chunks */
  const loaded = (sources: readonly string[]): Set<string> => {
    const facades = new Set(sources.map((s) => path.resolve(root, s)))
    const seen = new Set<ProbeChunk>()
    const walk = (chunk: ProbeChunk | undefined) => {
      if (!chunk || seen.has(chunk)) return
      seen.add(chunk)
      for (const file of chunk.imports) walk(byFile.get(file))
    }
    for (const chunk of entries) walk(chunk)
    for (const chunk of chunks) if (chunk.facadeModuleId && facades.has(chunk.facadeModuleId)) walk(chunk)
    const ids = new Set<string>()
    for (const chunk of seen) {
      if (!chunk.isEntry && !chunk.isDynamicEntry) for (const id of chunk.moduleIds) ids.add(id)
    }
    return ids
  }
  const assigned = new Map<string, string>()
  for (const group of groups) {
    const [first, ...others] = group.routes.map(loaded)
    for (const id of first ?? []) {
      if (assigned.has(id) || (group.packagesOnly && !isPackage(id))) continue
      if (others.every((ids) => ids.has(id))) assigned.set(id, group.chunk)
    }
  }
  return assigned
}

/**
 * Gathers what a budgeted route loads into one chunk per route. Left to itself the bundler
 * makes a chunk for every set of pages sharing some modules, so a route loads a hundred small
 * files (each icon on its own), and every file costs its imports, its list among the entry's
 * preloads and what gzip cannot share across files. A first build without writing tells which
 * modules each route loads; the real build then gathers them. `probe` gives that first build
 * the same plugins (new instances) and options as the real one.
 */
export function routeChunks(groups: readonly RouteChunk[], probe: () => InlineConfig): Plugin {
  let assigned = new Map<string, string>()
  let root = process.cwd()
  return {
    name: 'route-chunks',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: groups.map((group, i) => ({
                  name: group.chunk,
                  // in the order given, as `assignModules` gives each module to one group
                  priority: groups.length - i,
                  test: (id: string) => assigned.get(id) === group.chunk,
                  // a route's modules already hold every module they need; an import that tree
                  // shaking dropped (a re-export nobody reads) must not pull its module in
                  includeDependenciesRecursively: false,
                })),
              },
            },
          },
        },
      }
    },
    configResolved(config) {
      root = config.root
    },
    async buildStart() {
      const base = probe()
      const result = await build({
        ...base,
        root,
        configFile: false,
        logLevel: 'silent',
        build: {
          ...base.build,
          write: false,
          minify: false,
          sourcemap: false,
          manifest: false,
          copyPublicDir: false,
          reportCompressedSize: false,
        },
      })
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
      const chunks = outputs
        .flatMap((o) => o.output)
        .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk')
      assigned = assignModules(chunks, groups, root)
    },
  }
}
