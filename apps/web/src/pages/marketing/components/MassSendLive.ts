import {
  MassSendAction,
  type MassSendActionValue,
  type MassSendProgressEvent,
  type MassSendTaskDetail,
  type MassSendTaskView,
  massSendActions,
  type Page,
} from '@app/core'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import { useSocketEvent, useSocketReconnect } from '../../../realtime'

/**
 * Where the mass-send screens run: the supervisor's console, or the desk, whose query keys start
 * with 'desk' so that switching the agent acted as drops them with the rest of the desk's cache.
 */
export type MassSendScope = 'console' | 'desk'

export const MassSendScopeContext = createContext<MassSendScope>('console')

export function massSendKeys(scope: MassSendScope) {
  const all = scope === 'desk' ? (['desk', 'massSend'] as const) : (['massSend'] as const)
  return {
    all,
    pages: [...all, 'page'] as const,
    detail: (taskId: number) => [...all, 'detail', taskId] as const,
    recipients: (taskId: number) => [...all, 'recipients', taskId] as const,
    chart: (taskId: number) => [...all, 'chart', taskId] as const,
    audienceCount: [...all, 'audienceCount'] as const,
    groups: [...all, 'groups'] as const,
  }
}

export function useMassSendKeys() {
  return massSendKeys(useContext(MassSendScopeContext))
}

/** What a task's status allows, as the view's `can` (the contract's helper decides). */
export function canOf(status: MassSendTaskView['status']): Record<MassSendActionValue, boolean> {
  const allowed = massSendActions(status)
  return Object.fromEntries(Object.values(MassSendAction).map((a) => [a, allowed.includes(a)])) as Record<
    MassSendActionValue,
    boolean
  >
}

/** A task with a pushed progress applied; the same object when the event is about another task. */
function applyProgress<T extends MassSendTaskView>(task: T, e: MassSendProgressEvent): T {
  if (task.id !== e.taskId) return task
  return {
    ...task,
    status: e.status,
    pauseReason: e.pauseReason,
    counters: e.counters,
    can: canOf(e.status),
  }
}

function patchPage(page: Page<MassSendTaskView> | undefined, e: MassSendProgressEvent) {
  if (!page?.list.some((t) => t.id === e.taskId)) return page
  return { ...page, list: page.list.map((t) => applyProgress(t, e)) }
}

/** The task's status as the cache holds it, if it holds it. */
function cachedStatus(qc: QueryClient, keys: ReturnType<typeof massSendKeys>, taskId: number) {
  for (const [, page] of qc.getQueriesData<Page<MassSendTaskView>>({ queryKey: keys.pages })) {
    const task = page?.list.find((t) => t.id === taskId)
    if (task) return task.status
  }
  return qc.getQueryData<MassSendTaskDetail>(keys.detail(taskId))?.status
}

/**
 * Counters and statuses pushed on the socket (`massSend.progress`) update the cached tasks in
 * place; a change of status reads the task again (its start and end times move with it). After a
 * dropped connection events may have been missed: everything is read again.
 */
export function useMassSendLive() {
  const qc = useQueryClient()
  const keys = useMassSendKeys()
  useSocketEvent('massSend.progress', (e) => {
    const before = cachedStatus(qc, keys, e.taskId)
    qc.setQueriesData<Page<MassSendTaskView>>({ queryKey: keys.pages }, (page) => patchPage(page, e))
    qc.setQueryData<MassSendTaskDetail>(keys.detail(e.taskId), (d) => (d ? applyProgress(d, e) : d))
    if (before !== undefined && before !== e.status) {
      void qc.invalidateQueries({ queryKey: keys.pages })
      void qc.invalidateQueries({ queryKey: keys.detail(e.taskId) })
    }
  })
  useSocketReconnect(() => void qc.invalidateQueries({ queryKey: keys.all }))
}
