import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build, type PluginOption } from 'vite'
import { describe, expect, it } from 'vitest'
import { BUDGET_ROUTES, type Manifest, routeScripts, routeWeight } from '../build/budget'
import config from '../vite.config'

const webRoot = path.resolve(import.meta.dirname, '..')

describe('route scripts from the build manifest', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['src/a.tsx'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
    '_map.js': { file: 'assets/map.js' },
    'src/a.tsx': { file: 'assets/a.js', imports: ['_form.js'], dynamicImports: ['_map.js'] },
    'style.css': { file: 'assets/style.css' },
  }

  it("takes the entry's and the page's static imports, once each, and no dynamic import", () => {
    expect(routeScripts(manifest, ['src/a.tsx']).sort()).toEqual(
      ['assets/a.js', 'assets/form.js', 'assets/index.js', 'assets/react.js'].sort(),
    )
    expect(routeScripts(manifest, []).sort()).toEqual(['assets/index.js', 'assets/react.js'])
  })

  it('refuses a page the build does not have', () => {
    expect(() => routeScripts(manifest, ['src/missing.tsx'])).toThrow('src/missing.tsx')
  })
})

describe('bundle budgets', () => {
  it('keeps the JavaScript each budgeted route loads (gzip) under its ceiling', {
    timeout: 240_000,
  }, async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-web-budget-'))
    const env = process.env.NODE_ENV
    // the tests run with NODE_ENV=test; the budget is of the production build
    process.env.NODE_ENV = 'production'
    try {
      await build({
        ...config,
        configFile: false,
        root: webRoot,
        logLevel: 'error',
        // no .gz/.br files and no sign-in page drawn (React rendered in Node): this build is
        // measured, not served
        plugins: (config.plugins as PluginOption[]).filter(
          (p) =>
            !(
              p &&
              typeof p === 'object' &&
              'name' in p &&
              (p.name === 'precompress' || p.name === 'prerender-sign-in')
            ),
        ),
        build: { ...config.build, outDir, emptyOutDir: true, manifest: true },
      })
      const report: string[] = []
      const over: string[] = []
      for (const [name, route] of Object.entries(BUDGET_ROUTES)) {
        const weight = routeWeight(outDir, [...route.sources])
        const kb = weight.gzipBytes / 1024
        const top = weight.files.slice(0, 5).map((f) => `${f.file} ${(f.gzipBytes / 1024).toFixed(1)}`)
        report.push(
          `${name}: ${kb.toFixed(1)} kB (ceiling ${route.ceilingKb}, target ${route.targetKb}); ${top.join(', ')}`,
        )
        if (kb > route.ceilingKb) over.push(name)
      }
      process.stdout.write(`bundle budgets (JS, gzip):\n  ${report.join('\n  ')}\n`)
      expect(over, report.join('\n')).toEqual([])
      // the sign-in page validates nothing with zod: its scripts do not load it
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'))
      const signIn = routeScripts(manifest, [...BUDGET_ROUTES.login.sources])
        .map((f) => fs.readFileSync(path.join(outDir, f), 'utf8'))
        .join('\n')
      expect(signIn).not.toMatch(/ZodError|\$ZodType/)
    } finally {
      process.env.NODE_ENV = env
      fs.rmSync(outDir, { recursive: true, force: true })
    }
  })
})
