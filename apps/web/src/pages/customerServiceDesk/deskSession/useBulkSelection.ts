import { useCallback, useEffect, useMemo, useState } from 'react'
import type { DeskRow } from './sessionCache'

/**
 * The list's selection mode, for acting on many sessions at once: which rows are ticked. A row
 * that leaves the list is no longer ticked; another list (entry, filter, search) starts afresh.
 */
export function useBulkSelection(rows: DeskRow[], listKey: string) {
  const [active, setActive] = useState(false)
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set())

  // biome-ignore lint/correctness/useExhaustiveDependencies: another list starts with nothing ticked
  useEffect(() => {
    setTicked(new Set())
  }, [listKey])

  const checked = useMemo(
    () => new Set(rows.filter((r) => ticked.has(r.id)).map((r) => r.id)),
    [rows, ticked],
  )

  const toggle = useCallback((id: number) => {
    setTicked((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }, [])

  const setAll = useCallback(
    (on: boolean) => setTicked(on ? new Set(rows.map((r) => r.id)) : new Set()),
    [rows],
  )

  const toggleMode = useCallback(() => {
    setActive((on) => !on)
    setTicked(new Set())
  }, [])

  return { active, checked, toggle, setAll, toggleMode }
}

export type BulkSelection = ReturnType<typeof useBulkSelection>
