// The accounts module's face: what the rest of the server may use of it.
export { AccountDirectory } from './account.directory.js'
export type { AccountAgentChange } from './account-agents.repository.js'
export { AccountAssignments } from './account-assignments.js'
export { scopeChanged, scopeVersion } from './account-scope.js'
export { type AccountLoginService, checkPhone } from './accounts.login.js'
export { installAccounts } from './accounts.module.js'

export type { AcquisitionSources } from './acquisition.service.js'
export { isForeignKeyViolation, isUniqueViolation } from './db-errors.js'
