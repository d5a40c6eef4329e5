// The webhooks module's face: what the rest of the server may use of it.

export { verify } from './signature.js'
export { installWebhooks, type Webhooks } from './webhooks.module.js'
