// The outbox module's face: what the rest of the server may use of it.
export type { GatewayRequests } from './gateway-requests.engine.js'
export { outboundBody } from './outbox.content.js'
export { EchoedSends } from './outbox.echoes.js'

export { installOutbox } from './outbox.module.js'
export type { OutboxService, Peer, StagedMessage } from './outbox.service.js'
export { outboxDepth } from './outbox-depth.repository.js'
export { outboxMergePart } from './outbox-merge.js'
