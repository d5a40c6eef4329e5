import { MOBILE_BREAKPOINT_PX } from '@app/core'
import { useEffect } from 'react'
import { useAppStore } from '../stores/app'

/** Keeps the app store's device in step with the window: mobile below 992 px (spec §2). */
export function useDeviceWatcher(): void {
  const setDevice = useAppStore((s) => s.setDevice)
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`)
    const apply = () => setDevice(query.matches ? 'mobile' : 'desktop')
    apply()
    query.addEventListener('change', apply)
    return () => query.removeEventListener('change', apply)
  }, [setDevice])
}
