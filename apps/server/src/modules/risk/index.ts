// The risk module's face: what the rest of the server may use of it.
export type { RiskGate, RiskOutcome } from './risk.gate.js'
export { installRisk, unhandledWarnings } from './risk.module.js'
