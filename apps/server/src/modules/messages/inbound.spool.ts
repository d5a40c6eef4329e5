import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'

/** The inbound events whose storing can fail after WhatsApp has already acknowledged them. */
export type SpooledEvent =
  | 'message'
  | 'message.status'
  | 'group.updated'
  | 'group.participants'
  | 'identity.mapping'

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

/** The writer's pid in a kept event's name (`<time>-<pid>-<seq>.json`); 0 when the name has none. */
function writerOf(name: string): number {
  const m = /^\d+-(\d+)-/.exec(name)
  return m ? Number(m[1]) : 0
}

/** Whether a process of this machine is running under `pid` (this one included). */
function alive(pid: number): boolean {
  if (pid === process.pid) return true
  if (pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it runs, under another user
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A file being replayed: `<name>.replaying-<pid>` of the process that claimed it. */
const CLAIMED = /^(.+\.json)\.replaying-(\d+)$/

/**
 * The last line of defence for inbound events: WhatsApp does not deliver a message twice once
 * the socket has taken it, so an event the database refused (after the retries) is written to a
 * file, flushed to disk, and stored again on the next start. Nothing accepted is lost.
 *
 * Several server processes of one machine may share the directory. Each writes files of its own
 * (its pid in the name). At start a process replays its own files and the orphans of processes
 * no longer running; the files of a process still running are its own, left to it (they become
 * orphans once it stops, and the next process to start replays them). A file is claimed by an
 * atomic rename before it is replayed, so two processes starting together never replay the same
 * one; a claim whose process died mid-replay is an orphan again at the next start.
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
   * Hand every kept event this process may replay to `apply`, oldest first; a file is removed
   * once applied. Stops at the first failure so the order is kept for the next attempt (the files
   * not applied are given back). Returns how many were applied.
   */
  async replay(apply: (event: SpooledEvent, payload: unknown) => Promise<void>): Promise<number> {
    const claimed = this.claim()
    let done = 0
    for (const [i, { name, file }] of claimed.entries()) {
      let entry: Entry
      try {
        entry = JSON.parse(fs.readFileSync(file, 'utf8'), reviver) as Entry
      } catch (err) {
        this.log.error({ err, file: name }, 'unreadable inbound spool file set aside')
        fs.renameSync(file, path.join(this.dir, `${name}.bad`))
        continue
      }
      try {
        await apply(entry.event, entry.payload)
      } catch (err) {
        this.log.warn({ err, file: name }, 'inbound spool replay stopped')
        for (const rest of claimed.slice(i)) this.unclaim(rest)
        break
      }
      fs.rmSync(file)
      done++
    }
    if (done) this.log.info({ replayed: done }, 'kept inbound events stored')
    return done
  }

  /** Take the files this process replays, oldest first: its own and the orphans of stopped processes. */
  private claim(): { name: string; file: string }[] {
    if (!fs.existsSync(this.dir)) return []
    // a replay cut short by its process's death: the files go back to be claimed again
    for (const f of fs.readdirSync(this.dir)) {
      const m = CLAIMED.exec(f)
      if (m?.[1] && !alive(Number(m[2]))) this.unclaim({ name: m[1], file: path.join(this.dir, f) })
    }
    const out: { name: string; file: string }[] = []
    for (const name of this.pending()) {
      if (alive(writerOf(name)) && writerOf(name) !== process.pid) continue
      const file = path.join(this.dir, `${name}.replaying-${process.pid}`)
      try {
        fs.renameSync(path.join(this.dir, name), file)
      } catch (err) {
        // another process starting at the same time claimed it first
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue
        throw err
      }
      out.push({ name, file })
    }
    return out
  }

  private unclaim(c: { name: string; file: string }): void {
    try {
      fs.renameSync(c.file, path.join(this.dir, c.name))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
}
