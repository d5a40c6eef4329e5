import { Input, type InputRef } from 'antd'
import { useEffect, useRef, useState } from 'react'

/**
 * A text saved when the field loses focus or on Enter, only if it changed; Escape puts the
 * saved value back. A failed save (the request client told the user) restores it too.
 */
export function EditableText({
  value,
  maxLength,
  placeholder,
  onSave,
  testId,
  ariaLabel,
}: {
  value: string
  maxLength: number
  placeholder?: string
  onSave: (next: string) => Promise<void>
  testId: string
  ariaLabel: string
}) {
  const [draft, setDraft] = useState(value)
  const [busy, setBusy] = useState(false)
  const ref = useRef<InputRef>(null)

  useEffect(() => setDraft(value), [value])

  const commit = async () => {
    const next = draft.trim()
    if (next === value.trim() || busy) return
    setBusy(true)
    try {
      await onSave(next)
    } catch {
      setDraft(value)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Input
      ref={ref}
      size="small"
      variant="filled"
      value={draft}
      maxLength={maxLength}
      placeholder={placeholder}
      disabled={busy}
      aria-label={ariaLabel}
      data-testid={testId}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => void commit()}
      onPressEnter={() => ref.current?.blur()}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setDraft(value)
      }}
    />
  )
}
