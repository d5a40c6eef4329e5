import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'

/** The inbound events whose storing can fail after WhatsApp has already acknowledged them. */
export type SpooledEvent = 'message' | 'message.status' | 'group.updated' | 'group.participants'

interface Entry {
  event: SpooledEvent
  payload: unknown
}

const BYTES = '__bytes_b64'

/** JSON cannot carry bytes (media keys, thumbnails); they travel as base64 and come back as Buffers. */
function replacer(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key]
  if (raw instanceof Uint8Array) return { [BYTES]: Buffer.from(raw).toString('base64') }
  return value
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && BYTES in value)
    return Buffer.from((value as Record<string, string>)[BYTES] as string, 'base64')
  return value
}

/**
 * The last line of defence for inbound events: WhatsApp does not deliver a message twice once
 * the socket has taken it, so an event the database refused (after the retries) is written to a
 * file, flushed to disk, and stored again on the next start. Nothing accepted is lost.
 */
export class InboundSpool {
  private seq = 0

  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  /** Persist one event synchronously (the process may be on its way down). */
  put(event: SpooledEvent, payload: unknown, cause: unknown): void {
    try {
      fs.mkdirSync(this.dir, { recursive: true })
      const name = `${Date.now()}-${process.pid}-${++this.seq}.json`
      const tmp = path.join(this.dir, `.${name}`)
      const fd = fs.openSync(tmp, 'w')
      try {
        fs.writeSync(fd, JSON.stringify({ event, payload } satisfies Entry, replacer))
        fs.fsyncSync(fd)
      } finally {
        fs.closeSync(fd)
      }
      fs.renameSync(tmp, path.join(this.dir, name))
      this.log.error({ err: cause, event, file: name }, 'inbound event not stored; kept for the next start')
    } catch (err) {
      this.log.fatal({ err, cause, event, payload }, 'inbound event neither stored nor kept')
    }
  }

  /** Files waiting, oldest first. */
  pending(): string[] {
    if (!fs.existsSync(this.dir)) return []
    return fs
      .readdirSync(this.dir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b))
  }

  /**
   * Hand every kept event to `apply`, oldest first; a file is removed once applied. Stops at the
   * first failure so the order is kept for the next attempt. Returns how many were applied.
   */
  async replay(apply: (event: SpooledEvent, payload: unknown) => Promise<void>): Promise<number> {
    let done = 0
    for (const name of this.pending()) {
      const file = path.join(this.dir, name)
      let entry: Entry
      try {
        entry = JSON.parse(fs.readFileSync(file, 'utf8'), reviver) as Entry
      } catch (err) {
        this.log.error({ err, file: name }, 'unreadable inbound spool file set aside')
        fs.renameSync(file, `${file}.bad`)
        continue
      }
      try {
        await apply(entry.event, entry.payload)
      } catch (err) {
        this.log.warn({ err, file: name }, 'inbound spool replay stopped')
        break
      }
      fs.rmSync(file)
      done++
    }
    if (done) this.log.info({ replayed: done }, 'kept inbound events stored')
    return done
  }
}
