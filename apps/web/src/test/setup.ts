import '@testing-library/jest-dom/vitest'
import { cleanup, configure, type RenderOptions } from '@testing-library/react'
import { ConfigProvider } from 'antd'
import * as React from 'react'
import { afterAll, afterEach, vi } from 'vitest'
import { theme } from '../app/theme'
import { loadLanguage } from '../i18n'

// every render under the app's theme, as in the browser: its components' styles come from antd's
// prebuilt stylesheet there, so antd generates none here either (that was a third of the time of
// rendering a page). A test that brings its own wrapper keeps it.
vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof import('@testing-library/react')>()
  const Themed = ({ children }: { children: React.ReactNode }) =>
    React.createElement(ConfigProvider, { theme }, children)
  return {
    ...rtl,
    render: (ui: React.ReactNode, options?: RenderOptions) => rtl.render(ui, { wrapper: Themed, ...options }),
  }
})

// React's development build records a stack for every element it creates, so that a warning can
// name the line that rendered it: with antd's deep trees that was a third of a page's render time
// in these tests. React still warns; its warnings name the component without that line.
const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number } | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE
if (internals && 'recentlyCreatedOwnerStacks' in internals)
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e9, set: () => {} })

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

// antd writes each component's style into the document as it first renders; jsdom then matches
// every rule of those sheets on each getComputedStyle, which Testing Library's role queries call
// for every ancestor of every candidate (a tenth of a second each with a page's antd styles). The
// styles are left out of the document: no test reads antd's look, and a role query takes
// milliseconds instead of seconds. One rule stands for them, below: what antd hides by a state
// class is still not visible to a test.
const written = (node: Node) => node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order')
const { appendChild, insertBefore, removeChild } = document.head
document.head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
  return written(node) ? node : (appendChild.call(this, node) as T)
}
document.head.insertBefore = function <T extends Node>(
  this: HTMLHeadElement,
  node: T,
  child: Node | null,
): T {
  return written(node) ? node : (insertBefore.call(this, node, child) as T)
}
document.head.removeChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
  return written(node) && node.parentNode !== this ? node : (removeChild.call(this, node) as T)
}
// the state classes by which antd hides a closed popup, menu or panel (`ant-dropdown-hidden`,
// `ant-select-dropdown-hidden`, `ant-form-item-hidden`…), as its stylesheet has them
const sheet = document.createElement('style')
sheet.textContent = '[class$="-hidden"], [class*="-hidden "] { display: none; }'
document.head.appendChild(sheet)
