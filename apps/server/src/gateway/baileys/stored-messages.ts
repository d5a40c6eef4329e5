import { proto, type WAMessageKey } from 'baileys'
import type { Logger } from 'pino'
import type { AccountId } from '../messaging-gateway.js'
import type { MediaPath, MessageRow, MessageStore } from './message-store.js'

/**
 * `MessageStore` for one account as the socket uses it: what `getMessage` answers a retry request
 * with, the content of what this product sent, and the paths of re-uploaded media. (The secrets
 * of received messages are kept by the upsert handling, upsert.ts.) Writes never fail the caller:
 * a send already went out, so a failed write is logged and that message is simply not answerable
 * after a restart.
 */
export class AccountMessages {
  constructor(
    readonly accountId: AccountId,
    private readonly store: MessageStore,
    private readonly now: () => number,
    private readonly log: Logger,
  ) {}

  /**
   * Baileys' `getMessage`: a retry request for one of our messages is answered with its stored
   * content; a key of ours that was not sent by this product (sent from the phone) is not ours
   * to resend, and a received message yields its secret (poll votes, event responses).
   */
  async forBaileys(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    if (!key.id) return undefined
    try {
      const row = await this.store.get(this.accountId, key.id)
      if (!row?.content || (key.fromMe && !row.sent)) return undefined
      return proto.Message.decode(row.content)
    } catch (err) {
      this.log.warn({ err, accountId: this.accountId, id: key.id }, 'reading a stored message failed')
      return undefined
    }
  }

  /** Keep what a send produced, so a retry request is answered after a restart and on any process. */
  async putSent(id: string, message: proto.IMessage | null | undefined): Promise<void> {
    if (!message) return
    await this.write([{ id, sent: true, content: proto.Message.encode(message).finish() }])
  }

  /** Where a re-uploaded media file now lives (undefined: its original path). */
  async mediaPath(id: string | null | undefined): Promise<MediaPath | undefined> {
    if (!id) return undefined
    try {
      return (await this.store.get(this.accountId, id))?.media
    } catch (err) {
      this.log.warn({ err, accountId: this.accountId }, 'reading a re-uploaded media path failed')
      return undefined
    }
  }

  async setMediaPath(id: string | null | undefined, media: MediaPath): Promise<void> {
    if (!id || (!media.directPath && !media.url)) return
    try {
      await this.store.setMedia(this.accountId, id, media, this.now())
    } catch (err) {
      this.log.error({ err, accountId: this.accountId }, 'storing a re-uploaded media path failed')
    }
  }

  private async write(rows: MessageRow[]): Promise<void> {
    try {
      await this.store.put(this.accountId, rows, this.now())
    } catch (err) {
      this.log.error(
        { err, accountId: this.accountId, count: rows.length },
        'storing messages for retries failed',
      )
    }
  }
}
