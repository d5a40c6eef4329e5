import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, vi } from 'vitest'
import { loadLanguage } from '../i18n'

// every language's whole text at hand, so a test can switch language synchronously
await Promise.all([loadLanguage('zh'), loadLanguage('en')])

// a state a test waits for may take seconds to render on a loaded machine (antd in jsdom is slow)
configure({ asyncUtilTimeout: 5_000 })

// antd's responsive helpers ask for matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
})

// React's scheduler may still hold a task posted by a late update (a language switch in a test's own
// afterEach, say): let it run while the window exists, not after the environment is torn down
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50))
})
