import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from 'baileys'
import type { AccountId } from '../messaging-gateway.js'
import type { AuthStateStore, KeyWrite } from './auth-store.js'

export const serialize = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer)
export const deserialize = (text: string): unknown => JSON.parse(text, BufferJSON.reviver)

/** Stored creds are Baileys creds only if they carry a noise key (the simulator writes other JSON). */
function isBaileysCreds(value: unknown): value is AuthenticationCreds {
  return typeof value === 'object' && value !== null && 'noiseKey' in value && 'signedIdentityKey' in value
}

export interface DatabaseAuthState {
  state: AuthenticationState
  /** Write the whole creds object (call on every 'creds.update'); writes are kept in order. */
  saveCreds(): Promise<void>
  /** Whether the stored creds belong to a linked device. */
  registered: boolean
}

/**
 * `useMultiFileAuthState` over an `AuthStateStore`: creds plus keys by (type, id), serialized with
 * BufferJSON; app-state-sync-key values revived through proto; `null` deletes.
 */
export async function useDatabaseAuthState(
  store: AuthStateStore,
  accountId: AccountId,
): Promise<DatabaseAuthState> {
  const text = await store.readCreds(accountId)
  const parsed = text ? deserialize(text) : undefined
  const creds: AuthenticationCreds = isBaileysCreds(parsed) ? parsed : initAuthCreds()
  let chain: Promise<void> = Promise.resolve()

  const keys: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const rows = await store.readKeys(accountId, type, ids)
      const out: { [id: string]: SignalDataTypeMap[T] } = {}
      for (const [id, value] of rows) {
        const v = deserialize(value)
        out[id] = (
          type === 'app-state-sync-key' ? proto.Message.AppStateSyncKeyData.fromObject(v as object) : v
        ) as SignalDataTypeMap[T]
      }
      return out
    },
    async set(data: SignalDataSet) {
      const writes: KeyWrite[] = []
      for (const [type, entries] of Object.entries(data)) {
        for (const [id, value] of Object.entries(entries ?? {})) {
          writes.push({ type, id, value: value === null || value === undefined ? null : serialize(value) })
        }
      }
      await store.writeKeys(accountId, writes)
    },
    async clear() {
      await store.clear(accountId)
    },
  }

  return {
    state: { creds, keys },
    registered: Boolean(creds.registered || creds.me?.id) && Boolean(creds.account),
    saveCreds() {
      const snapshot = serialize(creds)
      chain = chain.catch(() => undefined).then(() => store.writeCreds(accountId, snapshot))
      return chain
    },
  }
}
