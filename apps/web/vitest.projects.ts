import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defaultClientConditions } from 'vite'
import type { TestProjectInlineConfiguration } from 'vitest/config'

const root = import.meta.dirname

/** The web app's unit tests: *.test.ts(x) beside the code, under jsdom. */
const testFiles = (readdirSync(path.join(root, 'src'), { recursive: true }) as string[])
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f.split(path.sep).join('/')}`)

/**
 * A file that replaces a module (vi.mock), or says in a line `// own modules: <why>` that it needs
 * fresh ones, gets a module graph of its own. The others share their worker's: antd, React and the
 * app's modules are loaded once per worker instead of once per file (the setup files still run
 * before each file; shared-setup.ts puts the modules' state back).
 */
const mocking = (file: string) =>
  /\bvi\.(mock|doMock)\(|^\/\/ own modules: /m.test(readFileSync(path.join(root, file), 'utf8'))

const project = (name: string, include: string[], isolate: boolean): TestProjectInlineConfiguration => ({
  plugins: [react()],
  resolve: { conditions: ['@app/source', ...defaultClientConditions] },
  test: {
    name,
    root,
    environment: 'jsdom',
    include,
    isolate,
    // in a shared module graph, what a module holds is put back around each test
    setupFiles: ['./src/test/setup.ts', ...(isolate ? [] : ['./src/test/shared-setup.ts'])],
    css: false,
    restoreMocks: true,
    // antd pages render slowly in jsdom on a busy two-core machine; a timeout is not what these tests assert
    testTimeout: 20_000,
  },
})

const ownModules = new Set(testFiles.filter(mocking))

export const webProjects: TestProjectInlineConfiguration[] = [
  project('web', [...ownModules], true),
  project(
    'web-shared',
    testFiles.filter((f) => !ownModules.has(f)),
    false,
  ),
]
