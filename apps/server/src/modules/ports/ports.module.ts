import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import { PortRecordsRepository } from './port-records.repository.js'
import { PortsLedger } from './ports.ledger.js'
import { PortsRepository } from './ports.repository.js'
import { portsRoutes } from './ports.routes.js'
import type { RecordStore } from './records.store.js'

/** Ports: the paid slots a linked WS account holds. Their expiry engine is built with the accounts it logs out. */
export function installPorts(app: FastifyInstance, db: Db): PortsLedger {
  portsRoutes(app, new PortsRepository(db))
  return new PortsLedger(db)
}

/** Ports as billing records: its orders make, renew, refund and merge them under its rules. */
export function portRecords(db: Db): RecordStore {
  return new PortRecordsRepository(db)
}
