import { afterEach, describe, expect, it, vi } from 'vitest'

const calls = vi.hoisted(() => ({ getProfile: vi.fn(), logout: vi.fn(), navigate: vi.fn(), toast: vi.fn() }))
vi.mock('../api/auth', () => ({ getProfile: calls.getProfile, logout: calls.logout }))
vi.mock('./feedback', () => ({
  feedback: () => ({ message: { success: calls.toast } }),
  navigateTo: calls.navigate,
}))

import { useSession } from '../stores/session'
import { makeUser } from '../test/fixtures'
import { clearSession, loadProfile, logout } from './session'

describe('logout', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('leaves for the login page with the current path when the server is slow, and drops the session', async () => {
    vi.useFakeTimers()
    window.history.replaceState(null, '', '/myOrder?page=2')
    useSession.setState({ token: 'signed-in' })
    calls.logout.mockReturnValue(new Promise(() => {}))
    const done = logout()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(calls.navigate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(600)
    await done
    expect(calls.logout).toHaveBeenCalledOnce()
    expect(calls.navigate).toHaveBeenCalledWith('/login?redirect=%2FmyOrder%3Fpage%3D2', { replace: true })
    expect(useSession.getState().token).toBeFalsy()
  })

  it('leaves as soon as the server answers, or fails', async () => {
    calls.logout.mockRejectedValue(new Error('offline'))
    await logout()
    expect(calls.navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/), { replace: true })
  })

  it('keeps no profile that comes after a sign-out, and loads afresh on the next sign-in', async () => {
    let answer: (user: unknown) => void = () => undefined
    calls.getProfile.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    useSession.setState({ token: 'signed-in' })
    const late = loadProfile()
    clearSession()
    answer(makeUser({ name: 'before' }))
    await late
    expect(useSession.getState().user).toBeNull()
    expect(useSession.getState().roles).toEqual([])

    calls.getProfile.mockResolvedValueOnce(makeUser({ name: 'after' }))
    useSession.setState({ token: 'again' })
    await loadProfile()
    expect(useSession.getState().user?.name).toBe('after')
  })
})
