import { DESK_CALLS_PREFIX, DESK_ID_HEADER, type DeskEnterResult, Header, Role } from '@app/core'
import Cookies from 'js-cookie'
import { create } from 'zustand'
import { useSession } from './session'

/** Spec §3 "customer cookie with userId": the agent a supervisor last acted as at the desk. */
const CUSTOMER_COOKIE = 'customer'

function readActing(): number | null {
  try {
    const raw: unknown = JSON.parse(Cookies.get(CUSTOMER_COOKIE) ?? 'null')
    const id = typeof raw === 'object' && raw !== null ? (raw as { userId?: unknown }).userId : null
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
  } catch {
    return null
  }
}

function writeActing(userId: number | null): void {
  if (userId) Cookies.set(CUSTOMER_COOKIE, JSON.stringify({ userId }))
  else Cookies.remove(CUSTOMER_COOKIE)
}

type DeskStatus = 'entering' | 'ready' | 'failed' | 'taken'

export interface DeskState {
  /** the agent a supervisor acts as (`customer-user-id`); null: the caller's own desk */
  actingUserId: number | null
  /** the live desk's id (`desk-id`), once entered */
  deskId: string | null
  /** whose desk it is, as the server answered the entry */
  owner: Pick<DeskEnterResult, 'userId' | 'nickname' | 'acting'> | null
  status: DeskStatus
  /** Choose whose desk a supervisor works (null: their own); the desk is entered again. */
  setActing(userId: number | null): void
  entering(): void
  entered(result: DeskEnterResult): void
  failed(): void
  /** This desk was replaced by a newer one of the same agent (code 433 / desk.taken). */
  taken(): void
  /** The desk was closed (left for another page). */
  reset(): void
}

export const useDesk = create<DeskState>()((set) => ({
  actingUserId: readActing(),
  deskId: null,
  owner: null,
  status: 'entering',
  setActing(userId) {
    writeActing(userId)
    set({ actingUserId: userId, deskId: null, owner: null, status: 'entering' })
  },
  entering() {
    set({ status: 'entering' })
  },
  entered(result) {
    set({
      deskId: result.deskId,
      owner: { userId: result.userId, nickname: result.nickname, acting: result.acting },
      status: 'ready',
    })
  },
  failed() {
    set({ status: 'failed' })
  },
  taken() {
    set({ status: 'taken' })
  },
  reset() {
    set({ deskId: null, owner: null, status: 'entering' })
  },
}))

/** The headers of the open desk's calls (spec §6): its desk id and the agent acted as. */
export function deskHeaders(url: string): Record<string, string> | undefined {
  if (!url.startsWith(DESK_CALLS_PREFIX)) return undefined
  const { deskId, actingUserId } = useDesk.getState()
  return {
    ...(deskId ? { [DESK_ID_HEADER]: deskId } : {}),
    ...(actingUserId ? { [Header.customerUserId]: String(actingUserId) } : {}),
  }
}

/**
 * The agent whose sessions the desk shows: the agent acted as, or the signed-in agent; null for a
 * supervisor at their own desk (the whole tenant).
 */
export function deskAgentId(): number | null {
  const { owner } = useDesk.getState()
  if (!owner) return null
  if (owner.acting) return owner.userId
  return useSession.getState().roles.includes(Role.customerUser) ? owner.userId : null
}
