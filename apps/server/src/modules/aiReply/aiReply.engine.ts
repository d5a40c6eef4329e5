import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import type { AiReplyRepository } from './aiReply.repository.js'
import type { AiOutcome, AiReplyService } from './aiReply.service.js'

/** An engine: its loop works on every tenant’s due rows. */
const system = openSystemScope('modules/aiReply/aiReply.engine')

/** Answers in one round; the rest wait for the next. */
const BATCH = 20
/** Longest a worker holds a burst (the provider's timeout and the enqueue fit well inside). */
const LEASE_MS = 60_000

/**
 * Takes the due AI answers every `everyMs` and answers them one after another, each taken under
 * a lease just before it is answered, so two processes never answer the same burst.
 */
export class AiReplyEngine implements Engine {
  readonly name = 'ai-reply'
  private readonly loop: EngineLoop
  private readonly owner = `ai-${process.pid}-${Math.random().toString(36).slice(2, 8)}`

  constructor(
    private readonly repo: AiReplyRepository,
    private readonly service: AiReplyService,
    everyMs: number,
    private readonly log: Logger,
  ) {
    this.loop = new EngineLoop(
      this.name,
      everyMs,
      async () => {
        await this.tick()
        return false
      },
      log,
      everyMs,
    )
  }

  /** One round at `now`: the outcomes of the bursts answered. */
  async tick(now = Date.now()): Promise<AiOutcome[]> {
    const out: AiOutcome[] = []
    const started = Date.now()
    try {
      for (let i = 0; i < BATCH; i++) {
        // one burst at a time, its lease starting when its answer does: answers taken together
        // would see the later ones' leases lapse behind a slow provider, and another process
        // answer them too
        const at = now + (Date.now() - started)
        const [job] = await this.repo.systemTakeDue(system, this.owner, at, LEASE_MS, 1)
        if (!job) break
        try {
          out.push(await this.service.answer(job, at))
        } catch (err) {
          this.log.error({ err, sessionId: job.session_id }, 'AI reply failed')
          out.push('failed')
        }
        await this.repo.systemFinish(system, job)
      }
    } catch (err) {
      this.log.error({ err }, 'AI reply round failed')
    }
    return out
  }

  /** A round every `everyMs` after the previous one ends. */
  start(): void {
    this.loop.start()
  }

  async stop(): Promise<void> {
    await this.loop.stop()
    await this.service.settled()
  }
}
