import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import type { StateCreator } from 'zustand'
import { service, setExtraHeaders } from '../api/request'
import { resetFeedback } from '../app/feedback'
import { clearSession } from '../app/session'
import { i18n } from '../i18n'

// The test files that replace no module share their worker's modules (vitest.projects.ts), so what
// a module holds is put back around each test: every store to its first state, the language to
// Chinese, the HTTP client to the network it had before any fake server and without a screen's
// headers, the toasts and dialogs to antd's.
const stores = vi.hoisted(() => new Set<() => void>())
vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof import('zustand')>()
  type Initializer = StateCreator<unknown>
  const resettable = (initializer: Initializer) => {
    const store = zustand.create(initializer)
    stores.add(() => store.setState(store.getInitialState(), true))
    return store
  }
  // create(initializer), or create<State>()(initializer) as the app writes it
  const create = (initializer?: Initializer) => (initializer ? resettable(initializer) : resettable)
  return { ...zustand, create }
})
const network = service.defaults.adapter

/** What a module holds back to where a test file starts. */
async function resetShared(): Promise<void> {
  sessionStorage.clear()
  localStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  clearSession()
  for (const reset of stores) reset()
  service.defaults.adapter = network
  setExtraHeaders(null)
  resetFeedback()
  if (i18n.language !== 'zh') await i18n.changeLanguage('zh')
}

// after the page is gone (hooks after a test run last-registered first: the common setup's cleanup
// would come after this one)
afterEach(async () => {
  cleanup()
  await resetShared()
})
// and before each too: a call an earlier file left on its way may have answered in between
beforeEach(resetShared)
