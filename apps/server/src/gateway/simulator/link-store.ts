import type { AuthStateStore } from '../baileys/auth-store.js'
import type { AccountId } from '../messaging-gateway.js'
import type { SimLink } from './types.js'

/** Where the simulator gateway keeps its linked devices, so a restart resumes them without a QR. */
export interface SimLinkStore {
  load(accountId: AccountId): Promise<SimLink | undefined>
  save(link: SimLink): Promise<void>
  remove(accountId: AccountId): Promise<void>
  list(): Promise<SimLink[]>
}

export class MemoryLinkStore implements SimLinkStore {
  private readonly links = new Map<AccountId, SimLink>()

  constructor(initial: SimLink[] = []) {
    for (const l of initial) this.links.set(l.accountId, { ...l })
  }
  async load(accountId: AccountId) {
    const l = this.links.get(accountId)
    return l ? { ...l } : undefined
  }
  async save(link: SimLink) {
    this.links.set(link.accountId, { ...link })
  }
  async remove(accountId: AccountId) {
    this.links.delete(accountId)
  }
  async list() {
    return [...this.links.values()].map((l) => ({ ...l }))
  }
}

function parseLink(accountId: AccountId, text: string | undefined): SimLink | undefined {
  if (!text) return undefined
  try {
    const v = JSON.parse(text) as { sim?: number; phone?: unknown; deviceId?: unknown; linkedAt?: unknown }
    if (v.sim !== 1 || typeof v.phone !== 'string' || typeof v.deviceId !== 'number') return undefined
    return {
      accountId,
      phone: v.phone,
      deviceId: v.deviceId,
      linkedAt: typeof v.linkedAt === 'number' ? v.linkedAt : 0,
    }
  } catch {
    return undefined // Baileys creds of a real link: not ours
  }
}

/**
 * Simulator links in the same `wa_auth_creds` rows the Baileys adapter uses (creds =
 * `{"sim":1,"phone":…,"deviceId":…,"linkedAt":…}`), so demo mode persists links with the table
 * the real mode already migrates. Rows holding real Baileys creds are ignored, never touched.
 */
export function linkStoreOnAuthStore(store: AuthStateStore): SimLinkStore {
  return {
    async load(accountId) {
      return parseLink(accountId, await store.readCreds(accountId))
    },
    async save(link) {
      await store.writeCreds(
        link.accountId,
        JSON.stringify({ sim: 1, phone: link.phone, deviceId: link.deviceId, linkedAt: link.linkedAt }),
      )
    },
    async remove(accountId) {
      if (parseLink(accountId, await store.readCreds(accountId))) await store.clear(accountId)
    },
    async list() {
      const out: SimLink[] = []
      for (const id of await store.listAccounts()) {
        const l = parseLink(id, await store.readCreds(id))
        if (l) out.push(l)
      }
      return out
    },
  }
}
