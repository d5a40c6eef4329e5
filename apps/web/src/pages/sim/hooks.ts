import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { listPendingQrs, listSimChats, listSimMessages, listSimPhones } from '../../api/sim'

/** How often the page looks at the network again (no socket: the phone polls). */
export const POLL_MS = 1_500
/**
 * The open chat looks again far more often: a reply sent from the desk shows on the phone within
 * a fraction of a second (one in-memory read of the simulator per poll, this machine only).
 */
export const OPEN_CHAT_POLL_MS = 200

export const simKeys = {
  all: ['sim'] as const,
  phones: ['sim', 'phones'] as const,
  qrs: ['sim', 'qrs'] as const,
  chats: (phone: string) => ['sim', 'chats', phone] as const,
  messages: (phone: string, peer: string, limit: number) => ['sim', 'messages', phone, peer, limit] as const,
  group: (phone: string, groupId: string) => ['sim', 'group', phone, groupId] as const,
  diversionLinks: ['sim', 'diversionLinks'] as const,
}

export const usePhones = () =>
  useQuery({ queryKey: simKeys.phones, queryFn: listSimPhones, refetchInterval: POLL_MS })

export const usePendingQrs = (enabled: boolean) =>
  useQuery({ queryKey: simKeys.qrs, queryFn: listPendingQrs, refetchInterval: POLL_MS, enabled })

export const useChats = (phone: string) =>
  useQuery({ queryKey: simKeys.chats(phone), queryFn: () => listSimChats(phone), refetchInterval: POLL_MS })

export const useMessages = (phone: string, peer: string, limit: number) =>
  useQuery({
    queryKey: simKeys.messages(phone, peer, limit),
    queryFn: () => listSimMessages(phone, peer, limit),
    refetchInterval: OPEN_CHAT_POLL_MS,
    placeholderData: (previous) => previous,
  })

/** Look at the network again now (after an action), rather than at the next poll. */
export function useRefreshSim() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: simKeys.all }), [client])
}

/** The phone in hand and the chat open on it live in the URL (?phone=…&peer=…), so a reload keeps them. */
export function useSelection() {
  const [params, setParams] = useSearchParams()
  const phone = params.get('phone') ?? ''
  const peer = params.get('peer') ?? ''
  // the selection as last chosen: a click right after another (a phone, then a chat) may run before
  // the page has re-rendered with the first, and must not put back the phone chosen before it
  const latest = useRef({ phone, peer })
  useEffect(() => {
    latest.current = { phone, peer }
  }, [phone, peer])
  const select = useCallback(
    (next: { phone?: string; peer?: string }) => {
      const now = latest.current
      const nextPhone = next.phone ?? now.phone
      const nextPeer =
        next.phone !== undefined && next.phone !== now.phone ? (next.peer ?? '') : (next.peer ?? now.peer)
      latest.current = { phone: nextPhone, peer: nextPeer }
      const p = new URLSearchParams()
      if (nextPhone) p.set('phone', nextPhone)
      if (nextPeer) p.set('peer', nextPeer)
      setParams(p, { replace: true })
    },
    [setParams],
  )
  return { phone, peer, select }
}
