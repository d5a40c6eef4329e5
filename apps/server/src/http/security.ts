import type { FastifyInstance } from 'fastify'

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

/** Security headers on every answer; a content policy on HTML pages (Swagger UI keeps its own). */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'same-origin')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('cross-origin-resource-policy', 'same-origin')
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html') && !request.url.startsWith('/docs'))
      reply.header('content-security-policy', CSP)
    return payload
  })
}
