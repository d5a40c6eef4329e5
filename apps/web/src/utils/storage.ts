import Cookies from 'js-cookie'

/** Names of everything the client keeps in the browser (spec §3 "Stored browser state"). */
export const StorageKey = {
  token: 'Admin-Token',
  tenantId: 'tenant-id',
  sidebar: 'sidebarStatus',
  announcementIds: 'announcementIds',
  language: 'language',
  sessionType: 'sessionType',
  lastRequest: 'lastRequest',
  lastResponse: 'lastResponse',
  /** prefix of each wide table's chosen columns: `tableColumns:<table>` */
  tableColumns: 'tableColumns',
  /** prefix of the user's dismissal of the home page's first-run checklist: `homeChecklistDismissed:<userId>` */
  checklistDismissed: 'homeChecklistDismissed',
} as const

export function getToken(): string | undefined {
  return Cookies.get(StorageKey.token) || undefined
}

/** The token cookie lives until the token's own expiry when the server gives one. */
export function setToken(token: string, expiresAt?: number): void {
  Cookies.set(StorageKey.token, token, expiresAt ? { expires: new Date(expiresAt) } : undefined)
}

export function removeToken(): void {
  Cookies.remove(StorageKey.token)
}

export function getTenantId(): number | undefined {
  const raw = Cookies.get(StorageKey.tenantId)
  const n = raw ? Number(raw) : Number.NaN
  return Number.isFinite(n) ? n : undefined
}

export function setTenantId(id: number): void {
  Cookies.set(StorageKey.tenantId, String(id))
}

export function removeTenantId(): void {
  Cookies.remove(StorageKey.tenantId)
}

/** Sidebar cookie: '1' open, '0' closed; open when never set. */
export function getSidebarOpen(): boolean {
  return Cookies.get(StorageKey.sidebar) !== '0'
}

export function setSidebarOpen(open: boolean): void {
  Cookies.set(StorageKey.sidebar, open ? '1' : '0')
}

/** The desk's remembered session type; cleared with the token when a session expires. */
export function removeSessionType(): void {
  sessionStorage.removeItem(StorageKey.sessionType)
  localStorage.removeItem(StorageKey.sessionType)
}

/** Announcement ids already shown to this browser. */
export function getShownAnnouncementIds(): number[] {
  try {
    const parsed: unknown = JSON.parse(Cookies.get(StorageKey.announcementIds) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((v): v is number => typeof v === 'number') : []
  } catch {
    return []
  }
}

/** Keeps the most recent ids only, so the cookie stays far below the 4 kB cookie limit. */
export function setShownAnnouncementIds(ids: number[]): void {
  Cookies.set(StorageKey.announcementIds, JSON.stringify(ids.slice(-200)), { expires: 365 })
}

const checklistKey = (userId: number) => `${StorageKey.checklistDismissed}:${userId}`

/** Whether this user put the first-run checklist away in this browser. */
export function isChecklistDismissed(userId: number): boolean {
  try {
    return localStorage.getItem(checklistKey(userId)) === '1'
  } catch {
    return false
  }
}

/** Remembers that this user put the first-run checklist away (best-effort: storage may be off). */
export function dismissChecklist(userId: number): void {
  try {
    localStorage.setItem(checklistKey(userId), '1')
  } catch {
    // storage full or disabled: the checklist shows again next time
  }
}

export function readJson<T>(storage: Storage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : undefined
  } catch {
    return undefined
  }
}

/** Writes JSON, ignoring quota errors (a record too big to keep is simply not kept). */
export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value))
  } catch {
    // storage full or disabled: the record is best-effort
  }
}
