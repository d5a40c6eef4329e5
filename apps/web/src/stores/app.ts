import { type LanguageCode, MOBILE_BREAKPOINT_PX } from '@app/core'
import { create } from 'zustand'
import { applyLanguage, storedLanguage } from '../i18n'
import { getSidebarOpen, setSidebarOpen } from '../utils/storage'

export type Device = 'desktop' | 'mobile'

const deviceForWidth = (width: number): Device => (width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop')

export interface AppState {
  /** Desktop sidebar expanded (cookie sidebarStatus: 1 open, 0 closed). */
  sidebarOpen: boolean
  /** Mobile drawer open; never remembered, closes on navigation. */
  drawerOpen: boolean
  device: Device
  language: LanguageCode
  toggleSidebar(): void
  setDrawerOpen(open: boolean): void
  setDevice(device: Device): void
  setLanguage(lang: LanguageCode): void
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpen: getSidebarOpen(),
  drawerOpen: false,
  device: typeof window === 'undefined' ? 'desktop' : deviceForWidth(window.innerWidth),
  language: storedLanguage(),
  toggleSidebar() {
    if (get().device === 'mobile') {
      set((s) => ({ drawerOpen: !s.drawerOpen }))
      return
    }
    const open = !get().sidebarOpen
    setSidebarOpen(open)
    set({ sidebarOpen: open })
  },
  setDrawerOpen(open) {
    set({ drawerOpen: open })
  },
  setDevice(device) {
    if (device !== get().device) set({ device, drawerOpen: false })
  },
  setLanguage(lang) {
    applyLanguage(lang)
    set({ language: lang })
  },
}))
