import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { SessionDirectory, SessionStatusUpdates } from '../sessions/index.js'

/** An engine: its loop opens every tenant's sessions whose snooze has ended. */
const system = openSystemScope('modules/desk/snooze.engine')

/** Sessions opened again per round; a full round asks for another at once. */
const BATCH = 200

/**
 * Ends snoozes: a snoozed session opens again by itself at its time, and the desks hear of it as
 * they hear of any status change. The time is a column (a restart loses none); the statement that
 * opens a session is its own claim, so two processes never announce one twice. Between rounds a
 * session whose time has passed still reads as snoozed, for at most one interval.
 */
export class SnoozeEngine implements Engine {
  readonly name = 'snooze'
  private readonly loop: EngineLoop

  constructor(
    private readonly sessions: SessionDirectory,
    private readonly statuses: SessionStatusUpdates,
    intervalMs: number,
    log: Logger,
  ) {
    this.loop = new EngineLoop(this.name, intervalMs, () => this.tick(), log)
  }

  start(): void {
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** One round: the snoozes ended by `now` opened and announced; true when there may be more. */
  async tick(now = Date.now()): Promise<boolean> {
    const woken = await this.sessions.systemWakeSnoozed(system, now, BATCH)
    for (const s of woken) this.statuses.announce(s, s.account_agent, 'snoozeEnded')
    return woken.length === BATCH
  }
}
