import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig, type UserConfig } from 'vite'
import { BUDGET_ROUTES } from './build/budget'
import { clientContracts } from './build/clientContracts'
import { precompress } from './build/compress'
import { prerenderSignIn } from './build/prerender'
import { pureCoreConstants } from './build/pureCore'
import { routeChunks } from './build/routeChunks'
import { splitCoreSchemas } from './build/splitSchemas'

const backend = 'http://127.0.0.1:8080'

/**
 * What decides which code each page gets: plugins and resolution. `@app/core` resolves through
 * the `@app/source` condition so the web uses core's TypeScript source directly (no core build
 * step in dev or for the web build).
 */
const bundling = (): UserConfig => ({
  plugins: [react(), clientContracts(), pureCoreConstants(), splitCoreSchemas()],
  resolve: { conditions: ['@app/source', ...defaultClientConditions] },
  build: {
    rolldownOptions: {
      // Core's modules only declare constants, functions and zod schemas: a page that uses none of a
      // module's exports does not need it (keeps zod out of the entry and the login route).
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]core[\\/]src[\\/]/, sideEffects: false }],
        // building a zod schema has no effect beyond its value: a schema no page uses is left out
        manualPureFunctions: ['z'],
      },
    },
  },
})

const base = bundling()

/** The console's first screen: its layout and the home page, with the signed-in pages' context and text. */
const CONSOLE_HOME = [
  'src/app/SignedInApp.tsx',
  'src/i18n/zh/deskText.ts',
  'src/i18n/zh/consoleText.ts',
  'src/layouts/BasicLayout/index.tsx',
  'src/pages/home/index.tsx',
]

export default defineConfig({
  ...base,
  plugins: [
    ...(base.plugins ?? []),
    // the sign-in route's scripts in one chunk; then the packages the signed-in screens share
    // (the desk's and the console's), and those only the desk adds
    routeChunks(
      [
        { chunk: 'shell', routes: [BUDGET_ROUTES.login.sources] },
        {
          chunk: 'signed-packages',
          routes: [BUDGET_ROUTES.desk.sources, CONSOLE_HOME],
          packagesOnly: true,
        },
        { chunk: 'desk-packages', routes: [BUDGET_ROUTES.desk.sources], packagesOnly: true },
      ],
      bundling,
    ),
    prerenderSignIn(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/damai': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
      '/version.json': { target: backend, changeOrigin: true },
      '/docs': { target: backend, changeOrigin: true },
    },
  },
  build: {
    ...base.build,
    outDir: 'dist',
    emptyOutDir: true,
    // the bundle budgets (build/budget.ts) read which files each route loads from the manifest
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
})
