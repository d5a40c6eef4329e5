import { defaultServerConditions } from 'vite'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { webProjects } from './apps/web/vitest.projects'

const conditions = ['@app/source', ...defaultServerConditions]

/** Server tests run against SQLite always, and again against PostgreSQL when TEST_DATABASE_URL is set. */
const server = (name: string, dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    name,
    root: 'apps/server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    // the run's migrated database, which each test's database is copied from
    globalSetup: ['src/test/db-template.setup.ts'],
    // one module graph per worker: every server test builds its own app and database through the
    // harness and mocks no module, so importing the server once per worker instead of once per file
    // is safe, and it is most of the suite's time
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    // React's scheduler may still run a render an antd toast's timer posted after a web test file's
    // tests are over and its window is gone: that render's "window is not defined" says nothing of
    // any test; every other unhandled error fails the run
    onUnhandledError(error) {
      const stack = String(error.stack ?? '')
      if (
        error.name === 'ReferenceError' &&
        error.message.includes('window is not defined') &&
        /scheduler|react-dom/.test(stack)
      )
        return false
    },
    // both cores: a worker waits on the database or on its module imports much of the time
    maxWorkers: 2,
    projects: [
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: { name: 'core', root: 'packages/core', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      // the repository's own scripts (build and test set-up)
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['*.test.ts'] } },
      server('server', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'postgres')] : []),
      ...webProjects,
      // the web app's build checks, which read its sources with esbuild (not under jsdom)
      {
        resolve: { conditions },
        test: {
          name: 'web-build',
          root: 'apps/web',
          environment: 'node',
          include: ['build/**/*.test.ts'],
          // a check bundles the desk's sources with esbuild: on a busy two-core machine that takes
          // longer than the default 5 s, and its time is not what it asserts
          testTimeout: 60_000,
        },
      },
    ],
  },
})
