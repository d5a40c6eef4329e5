import type { GatewayErrorCode } from './errors.js'
import type { AccountStatus, DisconnectKind, EpochMs } from './messaging-gateway.js'

/** Spec §4: abnormal reasons of a WS account. */
type AbnormalReason = 'network_fault' | 'pushed_out' | 'key_error' | 'device_removed' | 'update_required'

/** Spec §4: the account status the product stores and shows. */
export type ProductAccountState =
  | { state: 'offline' }
  | { state: 'logging_in' }
  /** `restrictedUntil`: the reach-out time-lock is on (new chats refused); 0 when its end is unknown */
  | { state: 'online'; restrictedUntil?: EpochMs }
  | { state: 'abnormal'; reason: AbnormalReason }
  | { state: 'banned'; bannedAt: EpochMs }

const closedAs: Record<DisconnectKind, (at: EpochMs) => ProductAccountState> = {
  intentional: () => ({ state: 'offline' }),
  qr_expired: () => ({ state: 'offline' }),
  login_failed: () => ({ state: 'offline' }),
  restart_required: () => ({ state: 'logging_in' }),
  logged_out: () => ({ state: 'abnormal', reason: 'device_removed' }),
  banned: (at) => ({ state: 'banned', bannedAt: at }),
  replaced: () => ({ state: 'abnormal', reason: 'pushed_out' }),
  bad_session: () => ({ state: 'abnormal', reason: 'key_error' }),
  client_outdated: () => ({ state: 'abnormal', reason: 'update_required' }),
  connection_lost: () => ({ state: 'abnormal', reason: 'network_fault' }),
  proxy_error: () => ({ state: 'abnormal', reason: 'network_fault' }),
  unknown: () => ({ state: 'abnormal', reason: 'network_fault' }),
}

/**
 * Map a gateway status to the product's account state. Pure: no status (never started) is
 * offline; a login in progress is logging in; retrying is abnormal with the cause (a 500 being
 * retried shows as key error, a client version WhatsApp refuses as update required, anything else
 * as network fault).
 */
export function toAccountState(status: AccountStatus | undefined): ProductAccountState {
  if (!status) return { state: 'offline' }
  switch (status.state) {
    case 'connecting':
    case 'awaiting_qr':
    case 'awaiting_pairing_code':
      return { state: 'logging_in' }
    case 'open':
      return status.restriction
        ? { state: 'online', restrictedUntil: status.restriction.until ?? 0 }
        : { state: 'online' }
    case 'reconnecting':
      if (status.reason === 'restart_required') return { state: 'logging_in' }
      // a 405 is retried once at once; a reconnect still waiting on it waits for a newer version
      if (status.reason === 'client_outdated') return { state: 'abnormal', reason: 'update_required' }
      return { state: 'abnormal', reason: status.reason === 'bad_session' ? 'key_error' : 'network_fault' }
    case 'closed':
      return closedAs[status.reason](status.at)
  }
}

/** Spec §4: why a message failed. */
export type FailureReason =
  | 'risk_control_limit'
  | 'invalid_customer'
  | 'mass_send_prohibited'
  | 'platform_limit'
  | 'ws_ban'
  | 'account_status'
  | 'ws_send_limit_reached'

/**
 * The spec failure reason of a gateway error. Risk-control and mass-send reasons are decided by
 * the product before the gateway is called, so they never come from here.
 */
export function toFailureReason(code: GatewayErrorCode): FailureReason {
  switch (code) {
    case 'not_on_whatsapp':
      return 'invalid_customer'
    case 'restricted':
      return 'ws_send_limit_reached'
    case 'banned':
      return 'ws_ban'
    case 'not_connected':
    case 'not_linked':
    case 'already_connecting':
      return 'account_status'
    default:
      return 'platform_limit'
  }
}
