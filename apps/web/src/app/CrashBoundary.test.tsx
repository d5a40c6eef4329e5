import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CrashBoundary } from './CrashBoundary'

function Boom({ explode }: { explode: boolean }) {
  if (explode) throw new Error('render failed')
  return <p>page body</p>
}

describe('a page that throws while rendering', () => {
  it('shows the reload screen instead of a blank page, and a new path clears it', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { rerender } = render(
      <CrashBoundary resetKey="/a">
        <Boom explode />
      </CrashBoundary>,
    )
    expect(await screen.findByTestId('crash-reload')).toBeTruthy()
    expect(screen.getByText('页面出错了，请重新加载；问题仍在时请联系管理员')).toBeTruthy()
    rerender(
      <CrashBoundary resetKey="/b">
        <Boom explode={false} />
      </CrashBoundary>,
    )
    expect(screen.getByText('page body')).toBeTruthy()
    quiet.mockRestore()
  })
})
