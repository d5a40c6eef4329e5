import { CLIENT_VERSION } from './constants.js'

/** One entry of /version.json (spec §3 "Version file"); the newest first. */
export interface Release {
  version: string
  newFunction: string[]
  bugFix: string[]
  description: string
}

export const RELEASES: Release[] = [
  {
    version: CLIENT_VERSION,
    newFunction: [
      'Sign-in for tenants and platform staff, with a slider captcha on the enterprise sign-in',
      'Console layout with menus by role, Chinese and English',
      'Announcements managed by the platform and shown to every user',
    ],
    bugFix: [],
    description: 'First release of the console.',
  },
]

/** True when `a` is a newer dotted version than `b`. */
export function isNewerVersion(a: string, b: string): boolean {
  const pa = a.split('.').map(Number)
  const pb = b.split('.').map(Number)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return d > 0
  }
  return false
}
