import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { Engine } from '../../engines/engines.js'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import { WaVersion, type WaVersionInfo, type WaVersionTables } from '../wa-version.js'
import { BaileysGateway } from './adapter.js'
import type { AuthStateStore } from './auth-store.js'
import { KyselyMessageStore, type MessageStoreTables, messageStoreSweeper } from './message-store.js'
import { BUNDLED_WA_VERSION, waWebVersionFetcher } from './wa-version-source.js'

/**
 * The real WhatsApp link as the server runs it: the Baileys gateway over the database's auth
 * state and stored messages, the WhatsApp Web version learned from web.whatsapp.com and shared
 * through the database, and the engines that refresh that version and sweep old messages. The
 * accounts' proxies are connected to through `outbound`, the guard of addresses tenants set.
 */
export function realLink(
  db: Kysely<MessageStoreTables & WaVersionTables>,
  store: AuthStateStore,
  logger: Logger,
  outbound: Pick<OutboundGuard, 'connectAddress'>,
): { gateway: BaileysGateway; link: { engines: Engine[]; version(): WaVersionInfo | undefined } } {
  const versions = new WaVersion({
    db,
    fetch: waWebVersionFetcher(),
    bundled: BUNDLED_WA_VERSION,
    log: logger,
  })
  const messages = new KyselyMessageStore(db)
  const gateway = new BaileysGateway({ store, messages, versions, logger, outbound })
  return {
    gateway,
    link: {
      engines: [versions.engine(logger), messageStoreSweeper(messages, logger)],
      version: () => versions.peek(),
    },
  }
}
