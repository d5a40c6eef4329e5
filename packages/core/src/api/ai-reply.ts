/**
 * AI reply: a session with AI reply on gets one answer per burst of customer messages. A burst
 * ends when the customer has been quiet this long; the answer then waits the tenant's reply delay
 * in the outbox.
 */
export const AI_REPLY_BURST_MS = 3_000
/** Longest wait for the provider's answer. */
export const AI_PROVIDER_TIMEOUT_MS = 20_000
/** After a provider failure the tenant's next calls wait this long (no storm of retries). */
export const AI_FAILURE_COOLDOWN_MS = 60_000
/** Characters of the provider's answer sent as one message. */
export const AI_REPLY_MAX_CHARS = 4_000
