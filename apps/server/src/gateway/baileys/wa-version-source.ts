import { DEFAULT_CONNECTION_CONFIG, fetchLatestWaWebVersion } from 'baileys'
import type { WaVersionTriple } from '../wa-version.js'

/** The version this Baileys release ships with: the last resort when none can be learned. */
export const BUNDLED_WA_VERSION = [...DEFAULT_CONNECTION_CONFIG.version] as WaVersionTriple

/**
 * Learn the current WhatsApp Web version from web.whatsapp.com (Baileys' fetchLatestWaWebVersion,
 * which reads the client revision from its service worker). Baileys answers a failure with its
 * bundled version and an error; here a failure rejects, within `timeoutMs`, so the caller falls
 * back to the version it already has. Offline, the lookup fails at once.
 */
export function waWebVersionFetcher(
  opts: { timeoutMs?: number; init?: RequestInit } = {},
): () => Promise<WaVersionTriple> {
  return async () => {
    const r = await fetchLatestWaWebVersion({
      ...opts.init,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    })
    if (r.error !== undefined || !r.isLatest) {
      const why = r.error instanceof Error ? r.error.message : JSON.stringify(r.error ?? 'not the latest')
      throw new Error(`WhatsApp Web version unavailable: ${why}`)
    }
    return [...r.version] as WaVersionTriple
  }
}
