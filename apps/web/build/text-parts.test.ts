import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { consoleText } from '../src/i18n/zh/consoleText'
import { deskText } from '../src/i18n/zh/deskText'

const webRoot = path.resolve(import.meta.dirname, '..')
/** Every text area, by the name each area's file exports ('sessionConsole' from console.ts). */
const textDir = path.join(webRoot, 'src/i18n/zh')
const areas = fs
  .readdirSync(textDir)
  .filter((f) => !['index.ts', 'deskText.ts', 'consoleText.ts'].includes(f))
  .flatMap((f) =>
    [...fs.readFileSync(path.join(textDir, f), 'utf8').matchAll(/export const (\w+)/g)].map(
      (m) => m[1] as string,
    ),
  )

/**
 * The source files a page's render can reach: static and dynamic imports, but not the other pages
 * the route table opens lazily (each of those asks for its own text).
 */
async function reachableSources(entries: string[], keepPage: string): Promise<string[]> {
  const result = await build({
    entryPoints: entries.map((e) => path.join(webRoot, e)),
    absWorkingDir: webRoot,
    bundle: true,
    write: false,
    splitting: true,
    format: 'esm',
    outdir: path.join(webRoot, 'dist-unused'),
    metafile: true,
    jsx: 'automatic',
    conditions: ['@app/source'],
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'other-pages',
        setup(b) {
          b.onResolve({ filter: /^\.\.\/pages\// }, (args) =>
            args.importer.endsWith(path.join('app', 'routes.tsx')) && !args.path.includes(keepPage)
              ? { path: args.path, external: true }
              : undefined,
          )
        },
      },
    ],
  })
  return Object.keys(result.metafile.inputs).filter((f) => f.startsWith('src/') && !f.startsWith('src/i18n/'))
}

/** The text areas a file names in a key ('desk.title', `chat.${kind}`), with the files naming each. */
function areasNamed(files: string[]): Map<string, string[]> {
  const named = new Map<string, string[]>()
  for (const file of files) {
    const text = fs.readFileSync(path.join(webRoot, file), 'utf8')
    for (const m of text.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z_$]/g)) {
      const area = m[1] as string
      if (!areas.includes(area)) continue
      named.set(area, [...(named.get(area) ?? []), file])
    }
  }
  return named
}

/** The desk's part of the text (src/i18n/zh/deskText.ts) is all the desk session page loads. */
describe("the desk's part of the text", () => {
  it('holds every area the desk layout and session page name', async () => {
    const files = await reachableSources(
      [
        'src/pages/customerServiceDesk/layout/index.tsx',
        'src/pages/customerServiceDesk/deskSession/index.tsx',
      ],
      'customerServiceDesk/deskSession/',
    )
    expect(files.length).toBeGreaterThan(50)
    const missing = [...areasNamed(files)]
      .filter(([area]) => !(area in deskText))
      .map(([area, where]) => `${area} (named in ${[...new Set(where)].slice(0, 3).join(', ')})`)
    expect(missing).toEqual([])
  })

  it('leaves the console-only areas out, and every area is in one part', () => {
    expect([...Object.keys(deskText), ...Object.keys(consoleText)].sort()).toEqual([...areas].sort())
    for (const area of ['platform', 'billing', 'massSend', 'statistics', 'integrations']) {
      expect(area in deskText).toBe(false)
      expect(area in consoleText).toBe(true)
    }
  })
})
