import { type CurrentUser, ErrorCode, type LoginResult } from '@app/core'
import { getProfile, logout as logoutCall } from '../api/auth'
import { ApiError } from '../api/request'
import { i18n } from '../i18n'
import { NoRolesError, useSession } from '../stores/session'
import { setTenantId, setToken } from '../utils/storage'
import { feedback, navigateTo } from './feedback'
import { loginRedirect } from './guard'

let inflight: Promise<CurrentUser> | null = null

/** The profile call succeeded but carried no user: the sign-in cannot be verified. */
export class MissingUserError extends Error {
  constructor() {
    super('Verification failed, please Login again.')
    this.name = 'MissingUserError'
  }
}

/** The signed-in user of a profile answer; an answer without one is refused. */
const profileUser = (user: CurrentUser | null | undefined): CurrentUser => {
  if (typeof user !== 'object' || user === null) throw new MissingUserError()
  return user
}

/**
 * What the user is told when the profile of a sign-in cannot be had: an expired sign-in (401)
 * says so; a profile without roles says that; anything else, a missing user among them, says the
 * sign-in could not be verified.
 */
export function profileFailureText(error: unknown): string {
  if (error instanceof NoRolesError) return i18n.t('auth.noRoles')
  if (error instanceof ApiError && error.code === ErrorCode.unauthorized) return i18n.t('auth.expired')
  return i18n.t('auth.verifyFailed')
}

/**
 * Fetch the signed-in user's profile and keep it (with its roles) in the session store. Calls made
 * while one is on its way share it, so a double mount never sends two.
 */
export function loadProfile(): Promise<CurrentUser> {
  if (!inflight) {
    const load: Promise<CurrentUser> = getProfile()
      .then(profileUser)
      .then((user) => {
        // a profile that comes after a sign-out is not kept
        if (inflight === load) useSession.getState().setProfile(user)
        return user
      })
      .finally(() => {
        if (inflight === load) inflight = null
      })
    inflight = load
  }
  return inflight
}

/** Forget everything about the signed-in user in this tab (the layout drops its query cache then). */
export function clearSession(): void {
  inflight = null
  useSession.getState().clear()
}

/** How long signing out waits for the server before leaving anyway (the call goes on meanwhile). */
const LOGOUT_WAIT_MS = 1_500

/**
 * Tell the server, then go to the login page with the current path as redirect. A slow server
 * does not hold the user on the page: the call has its token by the time the wait ends, and the
 * token is dropped locally whatever the server says.
 */
export async function logout(): Promise<void> {
  const here = `${window.location.pathname}${window.location.search}`
  await Promise.race([
    logoutCall().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS)),
  ])
  feedback().message.success({ content: i18n.t('auth.loggedOut') })
  leaveSession(loginRedirect(here))
}

/**
 * Forget the signed-in user and go to `to` (a sign-in page): both are drawn in one render (the
 * router's navigations are not transitions), so the guard never sees the page without a token.
 */
export function leaveSession(to: string): void {
  clearSession()
  navigateTo(to, { replace: true })
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
    const user = profileUser(await getProfile())
    useSession.getState().signedIn(result.accessToken, user)
  } catch (error) {
    clearSession()
    throw error
  }
}
