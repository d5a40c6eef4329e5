import { act, renderHook, waitFor } from '@testing-library/react'
import type { InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer, makeMessage, ok } from '../../../test/fixtures'
import { FIRST_INDEX } from './chatState'
import { CHAT_PAGE_SIZE, useChatHistory } from './useChatHistory'

vi.mock('../../../realtime', () => import('../../../test/testUtils'))
vi.setConfig({ testTimeout: 20_000 })

const url = '/damai/customer/user/getSessionChatMessages'
const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data)) as Record<string, unknown>

/** A chat of `total` messages with ids 1…total, answered by keyset like the server. */
function chatOf(total: number) {
  const all = Array.from({ length: total }, (_, i) => makeMessage({ id: i + 1, timestamp: 1_000 + i }))
  return fakeServer({
    [url]: (c) => {
      const { beforeId, pageSize } = bodyOf(c) as { beforeId?: number; pageSize: number }
      const older = beforeId ? all.filter((m) => m.id < beforeId) : all
      const list = older.slice(-pageSize).reverse()
      return ok({ list, hasMore: older.length > pageSize })
    },
  })
}

describe('chat history', () => {
  it('loads the newest page, then older pages by keyset on top', async () => {
    const adapter = chatOf(120)
    const { result } = renderHook(() => useChatHistory(7))
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.state.items).toHaveLength(CHAT_PAGE_SIZE)
    expect(result.current.state.items[0]?.id).toBe(120 - CHAT_PAGE_SIZE + 1)
    act(() => result.current.loadOlder())
    await waitFor(() => expect(result.current.state.items).toHaveLength(2 * CHAT_PAGE_SIZE))
    const second = bodyOf(adapter.mock.calls[1]?.[0] as InternalAxiosRequestConfig)
    expect(second).toEqual({ sessionId: 7, beforeId: 120 - CHAT_PAGE_SIZE + 1, pageSize: CHAT_PAGE_SIZE })
    expect(result.current.state.firstItemIndex).toBe(FIRST_INDEX - 2 * CHAT_PAGE_SIZE)
    act(() => result.current.loadOlder())
    await waitFor(() => expect(result.current.state.hasMore).toBe(false))
    expect(result.current.state.items[0]?.id).toBe(1)
    act(() => result.current.loadOlder())
    expect(adapter).toHaveBeenCalledTimes(3)
  })
})
