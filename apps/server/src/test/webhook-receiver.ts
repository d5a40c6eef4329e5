import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  id: string
  timestamp: string
  signature: string
  body: string
  event: { id: string; type: string; createdAt: number; data: Record<string, unknown> }
  at: number
}

/**
 * A webhook receiver on this machine: it keeps what it is sent, answers after `delayMs`, and while
 * `down` answers 503 (a receiver that is away).
 */
export async function webhookReceiver(opts: { delayMs?: number } = {}) {
  const received: Received[] = []
  const state = { down: false, delayMs: opts.delayMs ?? 0 }
  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      const answer = () => {
        if (state.down) {
          res.writeHead(503).end()
          return
        }
        received.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body,
          event: JSON.parse(body),
          at: Date.now(),
        })
        res.writeHead(204).end()
      }
      if (state.delayMs > 0) setTimeout(answer, state.delayMs)
      else answer()
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())).then(() => server.closeAllConnections()),
  }
}
