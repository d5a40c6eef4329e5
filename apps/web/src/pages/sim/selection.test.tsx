import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useSelection } from './hooks'

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/sim?phone=8613800000001']}>{children}</MemoryRouter>
)

describe('the phone and chat chosen on /sim', () => {
  it('keeps a phone chosen right before a chat, even before the page re-rendered with it', () => {
    const { result } = renderHook(() => useSelection(), { wrapper })
    const { select } = result.current
    act(() => {
      // both with the functions of one render: the second must not put the first phone back
      select({ phone: '8613911110001' })
      select({ peer: '8613800000001' })
    })
    expect(result.current.phone).toBe('8613911110001')
    expect(result.current.peer).toBe('8613800000001')
  })

  it('forgets the chat when another phone is chosen', () => {
    const { result } = renderHook(() => useSelection(), { wrapper })
    act(() => result.current.select({ peer: '447700900001' }))
    act(() => result.current.select({ phone: '8613911110002' }))
    expect(result.current).toMatchObject({ phone: '8613911110002', peer: '' })
  })
})
