import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import type { NurturingPorts } from './nurturing.engine.js'
import type { NurturingRepository } from './nurturing.repository.js'

/** Nurturing engine. */
const system = openSystemScope('modules/nurturing/nurturing.reads')

export const jidOf = (phone: string) => `${phone}@s.whatsapp.net`

/** A stored message, as the read receipts of a nurturing pair need it. */
export interface ReceivedNote {
  tenantId: number
  accountId: number
  sessionId: number
  fromMe: boolean
  live: boolean
  waMessageId: string
}

/**
 * The read receipts of nurtured accounts: a message one received from its partner is read, as a
 * person would. Notes queued while a lookup runs wait for the next one, so one lookup of the
 * active pairs serves a whole burst of received messages.
 */
export class NurturingReads {
  private reads = Promise.resolve()
  /** received messages waiting for their read receipt's lookup */
  private toRead: ReceivedNote[] = []

  constructor(
    private readonly repo: NurturingRepository,
    private readonly ports: Pick<NurturingPorts, 'markRead'>,
    private readonly log: Logger,
  ) {}

  /** Read receipts queued so far have been handed on (tests). */
  queued(): Promise<void> {
    return this.reads
  }

  note(e: ReceivedNote): void {
    if (e.fromMe || !e.live) return
    this.toRead.push(e)
    if (this.toRead.length > 1) return
    this.reads = this.reads
      .then(() => this.markRead())
      .catch((err) => this.log.warn({ err }, 'nurturing read receipt not queued'))
  }

  /** The notes queued so far: one lookup of their accounts' active pairs, then a receipt each. */
  private async markRead(): Promise<void> {
    const notes = this.toRead
    this.toRead = []
    const pairs = await this.repo.systemActivePairsOf(system, [...new Set(notes.map((e) => e.accountId))])
    for (const e of notes) {
      try {
        const p = pairs.find((x) => x.a_account_id === e.accountId || x.b_account_id === e.accountId)
        if (!p) continue
        const isA = p.a_account_id === e.accountId
        if ((isA ? p.a_session_id : p.b_session_id) !== e.sessionId) continue
        const partner = (await this.repo.systemPairAccounts(system, p)).find(
          (a) => a.account_id !== e.accountId,
        )
        if (!partner?.phone) continue
        await this.ports.markRead(e.tenantId, e.accountId, e.sessionId, {
          chatId: jidOf(partner.phone),
          id: e.waMessageId,
        })
      } catch (err) {
        this.log.warn({ err }, 'nurturing read receipt not queued')
      }
    }
  }
}
