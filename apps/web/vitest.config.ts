import react from '@vitejs/plugin-react'
import { defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Unit tests of the web app: jsdom, tests beside the code as *.test.ts(x). */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@app/source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // antd pages render slowly in jsdom on a busy two-core machine; a timeout is not what these tests assert
    testTimeout: 20_000,
  },
})
