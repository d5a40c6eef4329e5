import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { loggerOptions } from './ops.logger.js'

describe('server logs', () => {
  it('are one JSON object per line when piped', () => {
    const options = loggerOptions('info', false)
    expect(options.transport).toBeUndefined()
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    pino(options, sink).info({ accountId: 7 }, 'linked')
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 30, msg: 'linked', accountId: 7 })
  })

  it('go through pino-pretty in a terminal', async () => {
    const options = loggerOptions('debug', true)
    expect(options.level).toBe('debug')
    expect(options.transport).toMatchObject({ target: 'pino-pretty', options: { colorize: true } })
    // the transport's target is installed and formats a line as the terminal shows it
    const { default: pretty } = await import('pino-pretty')
    const format = pretty.prettyFactory({ colorize: false, translateTime: false, ignore: 'pid,hostname' })
    const line = format(JSON.stringify({ level: 30, time: 0, msg: 'ready', ms: 12 }))
    expect(line).toContain('INFO')
    expect(line).toContain('ready')
    expect(line).toContain('ms: 12')
  })
})
