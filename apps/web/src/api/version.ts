import { REQUEST_TIMEOUT_MS, type Release } from '@app/core'
import axios from 'axios'

/** A release entry as read from the file: only the version is sure to be there. */
export type VersionEntry = Pick<Release, 'version'> & Partial<Release>

/** /version.json is a static file, not an envelope: fetched outside the API client. */
export async function fetchLatestVersion(): Promise<VersionEntry | undefined> {
  const res = await axios.get<unknown>(`/version.json?t=${Date.now()}`, { timeout: REQUEST_TIMEOUT_MS })
  const list = res.data
  if (!Array.isArray(list) || list.length === 0) return undefined
  const first: unknown = list[0]
  if (typeof first !== 'object' || first === null || !('version' in first)) return undefined
  return first as VersionEntry
}
