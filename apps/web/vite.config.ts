import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'
import { precompress } from './build/compress'

const backend = 'http://127.0.0.1:8080'

/**
 * `@app/core` resolves through the `@app/source` condition so the web uses core's TypeScript
 * source directly (no core build step in dev or for the web build).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ['@app/source', ...defaultClientConditions] },
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
    outDir: 'dist',
    emptyOutDir: true,
    // the bundle budgets (build/budget.ts) read which files each route loads from the manifest
    manifest: true,
    chunkSizeWarningLimit: 1200,
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
