import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useTenantDisplay } from '../../api/tenantSettings'
import { useSocketEvent } from '../../realtime'
import { playChime } from './chime'

/** Alerts closer together than this make one sound. */
const SOUND_GAP_MS = 1_000

const inBackground = () => document.visibilityState !== 'visible' || !document.hasFocus()

/**
 * The desk honours the supervisor's settings: a customer's new message plays a chime (when the
 * sound is on) and shows a desktop notification while the desk is in the background (when
 * desktop notifications are on and the browser allows them). Our own messages never alert.
 */
export function useNewMessageAlert(): void {
  const { t } = useTranslation()
  const display = useTenantDisplay()
  const lastSound = useRef(0)
  const wantsDesktop = display?.notifyDesktop === true
  // the browser asks only after a user gesture: the first click on the desk
  useEffect(() => {
    if (!wantsDesktop || typeof Notification === 'undefined' || Notification.permission !== 'default') return
    const ask = () => void Notification.requestPermission()
    document.addEventListener('click', ask, { once: true })
    return () => document.removeEventListener('click', ask)
  }, [wantsDesktop])
  useSocketEvent('message.new', ({ message, session }) => {
    if (!display || message.fromMe) return
    const now = Date.now()
    if (display.notifySound && now - lastSound.current > SOUND_GAP_MS) {
      lastSound.current = now
      playChime()
    }
    if (
      display.notifyDesktop &&
      typeof Notification !== 'undefined' &&
      Notification.permission === 'granted' &&
      inBackground()
    ) {
      const n = new Notification(t('settings.newMessageTitle', { name: session.title }), {
        body: message.body || t('settings.newMessageMedia'),
        tag: `session-${session.id}`,
      })
      n.onclick = () => {
        window.focus()
        n.close()
      }
    }
  })
}
