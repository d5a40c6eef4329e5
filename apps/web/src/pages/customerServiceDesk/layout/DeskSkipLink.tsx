import { createContext, useContext, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CHAT_REGION_ID } from '../chat/chatFocus'
import './desk.css'

type Register = (target: (() => void) | null) => void

const SkipTargetContext = createContext<Register>(() => undefined)

export const SkipTargetProvider = SkipTargetContext.Provider

/**
 * A desk screen with a chat names where the skip link leads: while it is shown, the desk's first
 * focusable element is "Skip to chat", which calls `focus`.
 */
export function useSkipTarget(focus: () => void): void {
  const register = useContext(SkipTargetContext)
  const latest = useRef(focus)
  latest.current = focus
  useEffect(() => {
    register(() => latest.current())
    return () => register(null)
  }, [register])
}

/**
 * The first stop of the keyboard on the desk: off screen until focused, it passes over the rail
 * and the top bar straight to the chat.
 */
export function DeskSkipLink({ onSkip }: { onSkip: () => void }) {
  const { t } = useTranslation()
  return (
    <a
      className="desk-skip-link"
      href={`#${CHAT_REGION_ID}`}
      onClick={(e) => {
        e.preventDefault()
        onSkip()
      }}
      data-testid="desk-skip-link"
    >
      {t('desk.keyboard.skipToChat')}
    </a>
  )
}
