import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { liftRestriction } from './faults.js'
import type { SimNetwork } from './network.js'
import { decodeState, encodeState, isData } from './state-codec.js'

/**
 * Fields that are configuration or machinery, not the network's state: everything else a world
 * (or its chatter) holds is saved, so state added to the world later is kept without a list here.
 */
const MACHINERY = {
  world: new Set([
    'clock',
    'options',
    'rules',
    'timings',
    'rng',
    'timing',
    'ids',
    'maxMessagesPerChat',
    'onCustomerReceived',
    'onChange',
  ]),
  chatter: new Set(['world', 'send', 'rng', 'opts', 'cancel', 'onReceived']),
}

const FORMAT = 1

/** The file, in a data directory, that holds the simulated network. */
export const SIM_STATE_FILE = 'sim-network.json'

interface SimNetworkSnapshot {
  format: typeof FORMAT
  savedAt: number
  state: ReturnType<typeof encodeState>
}

type Fields = Record<string, unknown>

const isInstance = (v: unknown): v is object => typeof v === 'object' && v !== null && !isData(v)

/**
 * An object's own fields less its machinery; a store it holds itself (a class instance, such as
 * the media store) as that store's own fields. Instances deeper down are left to the codec, which
 * leaves them out.
 */
function fieldsOf(target: object, machinery: ReadonlySet<string> = new Set(), nested = false): Fields {
  const out: Fields = {}
  for (const [key, value] of Object.entries(target)) {
    if (machinery.has(key)) continue
    out[key] = isInstance(value) && !nested ? fieldsOf(value, new Set(), true) : value
  }
  return out
}

/** Puts saved fields back into the live object: collections refilled in place, stores field by field. */
function restoreInto(target: object, fields: unknown, machinery: ReadonlySet<string> = new Set()): void {
  if (typeof fields !== 'object' || fields === null) return
  const live = target as Fields
  for (const [key, value] of Object.entries(fields)) {
    // a field the code no longer has is dropped, not added back
    if (machinery.has(key) || !Object.hasOwn(live, key)) continue
    const current = live[key]
    if (typeof current === 'function') continue
    if (current instanceof Map) {
      if (!(value instanceof Map)) continue
      current.clear()
      for (const [k, v] of value) current.set(k, v)
    } else if (current instanceof Set) {
      if (!(value instanceof Set)) continue
      current.clear()
      for (const v of value) current.add(v)
    } else if (isInstance(current)) {
      restoreInto(current, value)
    } else {
      live[key] = value
    }
  }
}

/** The simulated network's state (phones, chats and messages, groups, links, media, customers) as JSON-ready data. */
function snapshotNetwork(network: SimNetwork, now = Date.now()): SimNetworkSnapshot {
  const state = {
    world: fieldsOf(network.world, MACHINERY.world),
    chatter: fieldsOf(network.chatter, MACHINERY.chatter),
  }
  return { format: FORMAT, savedAt: now, state: encodeState(state) }
}

/**
 * Puts a snapshot's state into a network made with the same options (before it is used). Throws
 * when the snapshot is not one: the caller decides what becomes of it.
 */
function restoreNetwork(network: SimNetwork, snapshot: unknown): void {
  const s = snapshot as Partial<SimNetworkSnapshot> | null
  if (typeof s !== 'object' || s === null || s.format !== FORMAT)
    throw new Error('not a saved simulated network')
  const state = decodeState(s.state) as { world?: unknown; chatter?: unknown } | null
  if (typeof state !== 'object' || state === null || typeof state.world !== 'object')
    throw new Error('a saved simulated network without its world')
  restoreInto(network.world, state.world, MACHINERY.world)
  restoreInto(network.chatter, state.chatter, MACHINERY.chatter)
  // timers do not survive a restart: a time-lock still running is lifted when it ends
  const w = network.world
  for (const phone of w.phones.values()) {
    if (phone.restrictedUntil === undefined) continue
    const left = phone.restrictedUntil - w.clock.now()
    if (left <= 0) liftRestriction(w, phone)
    else phone.liftRestriction = w.later(left, () => liftRestriction(w, phone))
  }
}

interface SimStateLog {
  warn(details: object, message: string): void
}

export interface SimStateFileOptions {
  file: string
  /** a change is saved this long after it (later changes ride along) */
  debounceMs?: number
  /** how often state changed outside the world's change signal is looked for */
  checkEveryMs?: number
  log?: SimStateLog
}

/**
 * Keeps a simulated network in a JSON file: written whole to a temporary file and renamed over
 * the old one (a crash leaves the old copy or the new one, never half), shortly after changes,
 * and on `close`.
 */
export class SimStateFile {
  private timer: NodeJS.Timeout | undefined
  private readonly check: NodeJS.Timeout
  private lastHash: string | undefined
  private writing: Promise<void> = Promise.resolve()
  private closed = false
  private readonly onChange = () => this.schedule()

  constructor(
    readonly network: SimNetwork,
    private readonly opts: SimStateFileOptions,
  ) {
    network.world.onChange.add(this.onChange)
    this.check = setInterval(() => void this.save(), opts.checkEveryMs ?? 30_000)
    this.check.unref()
  }

  /** Saves now (when the state differs from the copy on disk); resolves once it is on disk. */
  save(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const next = this.writing.then(() => this.write())
    this.writing = next.catch((err) =>
      this.opts.log?.warn({ err, file: this.opts.file }, 'simulated network not saved'),
    )
    return next
  }

  /** Saves a last time and stops following the network (a failed save is logged, not thrown). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.network.world.onChange.delete(this.onChange)
    clearInterval(this.check)
    await this.save().catch(() => undefined)
  }

  private schedule(): void {
    if (this.timer || this.closed) return
    this.timer = setTimeout(() => void this.save().catch(() => undefined), this.opts.debounceMs ?? 1_000)
    this.timer.unref()
  }

  private async write(): Promise<void> {
    const snapshot = snapshotNetwork(this.network)
    const state = JSON.stringify(snapshot.state)
    // an unchanged network is not written again
    const hash = createHash('sha256').update(state).digest('hex')
    if (hash === this.lastHash) return
    const text = `{"format":${snapshot.format},"savedAt":${snapshot.savedAt},"state":${state}}`
    const file = this.opts.file
    await fs.mkdir(path.dirname(file), { recursive: true })
    const partial = `${file}.${process.pid}.partial`
    const handle = await fs.open(partial, 'w')
    try {
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(partial, file)
    this.lastHash = hash
  }
}

/**
 * A network restored from `file` (made fresh by `create` when there is none), with its state
 * file. A file that cannot be read back is set aside as `<file>.corrupt-<time>` and the network
 * starts empty: a damaged copy never stops a start.
 */
export async function openPersistentNetwork(
  create: () => SimNetwork,
  opts: SimStateFileOptions,
): Promise<{ network: SimNetwork; state: SimStateFile; restored: boolean }> {
  let text: string | undefined
  try {
    text = await fs.readFile(opts.file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  let network = create()
  let restored = false
  if (text !== undefined) {
    try {
      restoreNetwork(network, JSON.parse(text))
      restored = true
    } catch (err) {
      const aside = `${opts.file}.corrupt-${Date.now()}`
      const moved = await fs.rename(opts.file, aside).then(
        () => aside,
        () => undefined,
      )
      opts.log?.warn(
        { err, file: opts.file, setAside: moved ?? 'could not be moved' },
        'saved simulated network unreadable: set aside, starting empty',
      )
      network = create()
    }
  }
  return { network, state: new SimStateFile(network, opts), restored }
}
