import { act, render, screen } from '@testing-library/react'
import { theme } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from './AppProviders'

const original = window.matchMedia
/** A system whose reduced-motion setting is `reduce`, and the watchers told when it changes. */
function systemMotion(reduce: boolean) {
  const watchers = new Set<() => void>()
  const state = { reduce }
  window.matchMedia = vi.fn((query: string) => ({
    matches: query.includes('prefers-reduced-motion: reduce') ? state.reduce : false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: (_: string, fn: () => void) => watchers.add(fn),
    removeEventListener: (_: string, fn: () => void) => watchers.delete(fn),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia
  return (next: boolean) => {
    state.reduce = next
    for (const fn of watchers) fn()
  }
}
afterEach(() => {
  window.matchMedia = original
})

function Motion() {
  const { token } = theme.useToken()
  return <span data-testid="motion">{String(token.motion)}</span>
}

describe('the app frame', () => {
  it("turns antd's animations off while the system asks for reduced motion, and on again after", () => {
    const change = systemMotion(true)
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    )
    expect(screen.getByTestId('motion')).toHaveTextContent('false')
    act(() => change(false))
    expect(screen.getByTestId('motion')).toHaveTextContent('true')
  })
})
