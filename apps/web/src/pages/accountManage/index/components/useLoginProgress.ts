import {
  type AccountLoginEvent,
  AccountState,
  type AccountStatusEvent,
  ErrorCode,
  type LoginStatusView,
} from '@app/core'
import { useEffect, useState } from 'react'
import { loginStatus } from '../../../../api/account'
import { ApiError } from '../../../../api/request'
import { useSocketEvent } from '../../../../realtime'

/** How often the login dialog asks the server, in case a socket event was missed. */
const LOGIN_POLL_MS = 3_000

type LoginPhase = 'waiting' | 'qr' | 'code' | 'connecting' | 'linked' | 'failed'

export interface LoginProgress {
  phase: LoginPhase
  qrDataUrl?: string
  expiresAt?: number
  code?: string
  /** the linked number, once the account reports it */
  phone?: string | null
  /** why it failed: a login error of the server ('qr_expired', 'phone_taken', …), 'banned' or 'gone' */
  error?: string
}

const INITIAL: LoginProgress = { phase: 'waiting' }
const ended = (p: LoginProgress) => p.phase === 'linked' || p.phase === 'failed'

/** Gateway state (as in AccountLoginEvent and LoginStatusView) to the dialog's phase. */
function fromGateway(prev: LoginProgress, state: string, e: Partial<AccountLoginEvent>): LoginProgress {
  if (e.error) return { ...prev, phase: 'failed', error: e.error }
  switch (state) {
    case 'open':
      return { ...prev, phase: 'linked' }
    case 'awaiting_qr':
      return { phase: 'qr', qrDataUrl: e.qrDataUrl ?? prev.qrDataUrl, expiresAt: e.expiresAt }
    case 'awaiting_pairing_code':
      return { phase: 'code', code: e.code ?? prev.code }
    case 'connecting':
      // after a scan or a code entry the device connects; before the first QR it is still waiting
      return prev.phase === 'qr' || prev.phase === 'code' ? { ...prev, phase: 'connecting' } : prev
    default:
      return prev
  }
}

function progressFromEvent(prev: LoginProgress, e: AccountLoginEvent): LoginProgress {
  return ended(prev) ? prev : fromGateway(prev, e.state, e)
}

function progressFromStatus(prev: LoginProgress, s: LoginStatusView): LoginProgress {
  if (ended(prev)) return prev
  if (s.accountStatus === AccountState.online) return { ...prev, phase: 'linked' }
  if (s.accountStatus === AccountState.banned) return { ...prev, phase: 'failed', error: 'banned' }
  if ((s.state === 'closed' || s.state === 'none') && s.accountStatus !== AccountState.loggingIn)
    return { ...prev, phase: 'failed', error: s.error ?? 'login_failed' }
  return fromGateway(prev, s.state, { ...s, error: undefined })
}

function progressFromAccount(prev: LoginProgress, e: AccountStatusEvent): LoginProgress {
  if (ended(prev)) return prev
  if (e.status === AccountState.online) return { ...prev, phase: 'linked', phone: e.phone }
  if (e.status === AccountState.banned) return { ...prev, phase: 'failed', error: 'banned' }
  return prev
}

/**
 * Progress of one account's login while its dialog is open: `account.login` events (QR images,
 * pairing code, outcome), `account.status` (online, banned), and a poll of loginStatus every few
 * seconds for whatever the socket missed. A poll answered "not found" means the login's account
 * is gone (a new account whose QR expired is dropped by the server): that reads as `goneError`.
 */
export function useLoginProgress(
  accountId: number | null,
  {
    attempt = 0,
    active = true,
    goneError = 'gone',
  }: {
    /** a new attempt on the same account starts from scratch */
    attempt?: number
    active?: boolean
    goneError?: string
  } = {},
): LoginProgress {
  const key = `${accountId}:${attempt}`
  const [state, setState] = useState<{ key: string; progress: LoginProgress }>({ key, progress: INITIAL })
  const progress = state.key === key ? state.progress : INITIAL
  const update = (fn: (p: LoginProgress) => LoginProgress) =>
    setState((s) => ({ key, progress: fn(s.key === key ? s.progress : INITIAL) }))

  useSocketEvent('account.login', (e) => {
    if (accountId !== null && e.accountId === accountId) update((p) => progressFromEvent(p, e))
  })
  useSocketEvent('account.status', (e) => {
    if (accountId !== null && e.accountId === accountId) update((p) => progressFromAccount(p, e))
  })

  useEffect(() => {
    if (accountId === null || !active) return
    let alive = true
    const apply = (fn: (p: LoginProgress) => LoginProgress) =>
      alive && setState((s) => ({ key, progress: fn(s.key === key ? s.progress : INITIAL) }))
    const poll = () =>
      loginStatus(accountId)
        .then((s) => apply((p) => progressFromStatus(p, s)))
        .catch((err: unknown) => {
          if (err instanceof ApiError && err.code === ErrorCode.notFound)
            apply((p) => (ended(p) ? p : { ...p, phase: 'failed', error: goneError }))
        })
    // at once too: events sent before the dialog knew the account id were not matched
    void poll()
    const id = setInterval(poll, LOGIN_POLL_MS)
    return () => {
      alive = false
      clearInterval(id)
    }
  }, [accountId, key, active, goneError])

  return progress
}

const LOGIN_ERRORS = [
  'qr_expired',
  'phone_taken',
  'phone_mismatch',
  'no_free_port',
  'login_failed',
  'port_expired',
  'update_required',
  'banned',
  'gone',
]

/** The i18n key explaining a failed login; an unknown reason reads as a plain failure. */
export function loginErrorKey(error: string | undefined): string {
  return `account.loginErrors.${error && LOGIN_ERRORS.includes(error) ? error : 'login_failed'}`
}
