import type { CurrentUser, LoginResult } from '@app/core'
import { getProfile, logout as logoutCall } from '../api/auth'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { setTenantId, setToken } from '../utils/storage'
import { feedback, navigateTo } from './feedback'
import { loginRedirect } from './guard'

let inflight: Promise<CurrentUser> | null = null

/**
 * Fetch the signed-in user's profile and keep it (with its roles) in the session store. Calls made
 * while one is on its way share it, so a double mount never sends two.
 */
export function loadProfile(): Promise<CurrentUser> {
  if (!inflight) {
    inflight = getProfile()
      .then((user) => {
        useSession.getState().setProfile(user)
        return user
      })
      .finally(() => {
        inflight = null
      })
  }
  return inflight
}

/** Forget everything about the signed-in user in this tab (the layout drops its query cache then). */
export function clearSession(): void {
  useSession.getState().clear()
}

/** Spec §2: tell the server, then go to the login page with the current path as redirect. */
export async function logout(): Promise<void> {
  const here = `${window.location.pathname}${window.location.search}`
  try {
    await logoutCall()
  } catch {
    // the token is dropped locally whatever the server said
  }
  feedback().message.success({ content: i18n.t('auth.loggedOut') })
  clearSession()
  navigateTo(loginRedirect(here), { replace: true })
}

/**
 * After a successful login call: keep the token in its cookie (the profile call needs it), load
 * the profile, and only then put token and profile into the session together. If the profile
 * cannot be had, nothing of the sign-in is kept.
 */
export async function completeSignIn(result: LoginResult): Promise<void> {
  setToken(result.accessToken, result.expiresAt)
  if (result.tenantId) setTenantId(result.tenantId)
  try {
    const user = await getProfile()
    useSession.getState().signedIn(result.accessToken, user)
  } catch (error) {
    clearSession()
    throw error
  }
}
