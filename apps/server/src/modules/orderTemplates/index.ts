// The orderTemplates module's face: what the rest of the server may use of it.
export { installOrderTemplates } from './orderTemplates.module.js'
