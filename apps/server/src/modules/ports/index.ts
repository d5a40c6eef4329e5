// The ports module's face: what the rest of the server may use of it.

export { PortsLedger } from './ports.ledger.js'
export { installPorts, portRecords } from './ports.module.js'
export { running, shares } from './records.sql.js'
export type {
  Q,
  RecordListRow,
  RecordRow,
  RecordStore,
} from './records.store.js'
export { type RecordPageQuery, RecordTable } from './records.table.js'
