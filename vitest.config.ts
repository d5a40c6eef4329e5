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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
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
