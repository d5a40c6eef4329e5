import { useEffect, useState } from 'react'

/**
 * A value that follows `value` once it has stopped changing for `ms` (what a search asks for
 * once the typing pauses). Values are compared by their JSON, so a new object with the same
 * content does not restart the wait.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  const key = JSON.stringify(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized value is the dependency
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [key, ms])
  return settled
}
