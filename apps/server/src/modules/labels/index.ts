// The labels module's face: what the rest of the server may use of it.
export { installLabels } from './labels.module.js'
