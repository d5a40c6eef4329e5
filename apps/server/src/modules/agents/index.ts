// The agents module's face: what the rest of the server may use of it.
export { installAgents } from './agents.module.js'
export { AgentGroupTargets } from './group-targets.js'
