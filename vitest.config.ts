import { defaultServerConditions } from 'vite'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

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
    // both cores: a worker waits on the database or on its module imports much of the time
    maxWorkers: 2,
    projects: [
      {
        resolve: { conditions },
        ssr: { resolve: { conditions } },
        test: { name: 'core', root: 'packages/core', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      server('server', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [server('server-pg', 'postgres')] : []),
      'apps/web/vitest.config.ts',
    ],
  },
})
