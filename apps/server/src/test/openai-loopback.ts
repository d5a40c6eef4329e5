import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedCompletion {
  authorization: string | undefined
  body: { model: string; messages: { role: string; content: string }[] }
}

/**
 * A small OpenAI-compatible chat-completions service on 127.0.0.1 for tests: it records every
 * request, answers `reply` (with `tokens` as the usage), or fails with HTTP `failWith` while set.
 */
export class OpenAiLoopback {
  readonly requests: RecordedCompletion[] = []
  reply = 'Thanks for writing, how can we help?'
  tokens = 42
  failWith: number | null = null
  private server: Server | null = null
  private port = 0

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = ''
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8')
      })
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end()
          return
        }
        this.requests.push({
          authorization: req.headers.authorization,
          body: JSON.parse(raw) as RecordedCompletion['body'],
        })
        if (this.failWith !== null) {
          res.writeHead(this.failWith, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ error: { message: 'provider unavailable' } }))
          return
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            id: `chatcmpl-${this.requests.length}`,
            object: 'chat.completion',
            choices: [
              { index: 0, message: { role: 'assistant', content: this.reply }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: this.tokens - 2, completion_tokens: 2, total_tokens: this.tokens },
          }),
        )
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}
