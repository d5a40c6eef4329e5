import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import { FanBatches } from './fans.batch.js'
import type {
  DeskSessionActions,
  FanLabelWrites,
  SessionStarter,
  UsableAccounts,
  VisibleSessions,
} from './fans.collaborators.js'
import { FanImporter } from './fans.import.js'
import { FanListQuery } from './fans.list.js'
import { fansRoutes } from './fans.routes.js'

export interface FansDeps {
  db: Db
  gateway: MessagingGateway
  /** the sessions module's visibility rule: an agent's customers are the fans of the sessions they see */
  visibleSessions: VisibleSessions
  /** the labels module's fan-label writes */
  labels: FanLabelWrites
  /** the desk's session actions (flags, migrate) and its "new session with a phone" */
  desk: { actions: DeskSessionActions; creator: SessionStarter }
  /** the accounts module: the accounts an agent may use */
  accounts: UsableAccounts
}

/** The customers list: list, detail, batches, import and export. Installed after the desk, whose actions it uses. */
export function installFans(app: FastifyInstance, deps: FansDeps) {
  const list = new FanListQuery(deps.db, deps.visibleSessions)
  const batches = new FanBatches(deps.db, list, deps.labels, deps.desk.actions)
  const importer = new FanImporter(deps.db, deps.gateway, deps.accounts, deps.desk.creator)
  fansRoutes(app, { list, batches, importer })
  return { list, batches, importer }
}
