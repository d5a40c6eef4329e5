import { AGENT_ROLES, ErrorCode, type RoleId } from '@app/core'
import type { Logger } from 'pino'
import { openSystemScope } from '../../db/system-scope.js'
import { EngineLoop } from '../../engines/engine-loop.js'
import type { Engine } from '../../engines/engines.js'
import { AppError } from '../../http/errors.js'
import type { TokenService } from '../auth/index.js'
import type { Q } from '../ports/index.js'
import type { SeatsRepository } from './seats.repository.js'

/** Seat expiry loop. */
const system = openSystemScope('modules/billing/seats.service')

/** Agents and their seats: taking and freeing a seat, and the sign-in rule. */
export class SeatsService {
  constructor(private readonly seats: SeatsRepository) {}

  /** Puts the agent on a free running seat; "no free seat" when there is none. */
  async take(q: Q, tenantId: number, userId: number): Promise<number> {
    const id = await this.seats.take(q, tenantId, userId, Date.now())
    if (id === null) throw new AppError(ErrorCode.noFreeSeat)
    return id
  }

  release(q: Q, tenantId: number, userId: number): Promise<void> {
    return this.seats.release(q, tenantId, userId, Date.now())
  }

  seatsOf(tenantId: number, userIds: number[]) {
    return this.seats.seatsOf(tenantId, userIds)
  }

  /**
   * An agent signs in only on a running seat. One whose seat has ended takes a free running seat
   * of the tenant if there is one (a seat bought after the old one ended); otherwise the sign-in
   * is refused with a clear message. Agents made before seats existed hold none and are let in.
   */
  async assertCanSignIn(
    q: Q,
    user: { id: number; tenant_id: number; role_id: number },
    now = Date.now(),
  ): Promise<void> {
    if (!AGENT_ROLES.includes(user.role_id as RoleId)) return
    const seat = await this.seats.seatOf(user.tenant_id, user.id, q)
    if (!seat) return
    if (seat.ended_reason === null && seat.expires_at > now) return
    if ((await this.seats.take(q, user.tenant_id, user.id, now)) === null)
      throw new AppError(ErrorCode.seatExpired)
  }
}

/**
 * When a seat ends (past its end, refunded or merged away) its agent is signed out: every token
 * revoked, so the next call answers 401 and the next sign-in gets the seat-expired message. Each
 * end is handled once (`lapsed_at`); a renewal that moves the end arms it again.
 */
export class SeatExpiryEngine implements Engine {
  readonly name = 'seat-expiry'
  private readonly loop: EngineLoop

  constructor(
    private readonly seats: SeatsRepository,
    private readonly tokens: TokenService,
    intervalMs: number,
    private readonly log: Logger,
  ) {
    this.loop = new EngineLoop('seat-expiry', intervalMs, () => this.tick(), log)
  }

  start(): void {
    this.loop.start()
  }
  stop(): Promise<void> {
    return this.loop.stop()
  }

  async tick(now = Date.now()): Promise<boolean> {
    const lapsed = await this.seats.systemLapsed(system, now, 100)
    for (const s of lapsed) {
      if (s.user_id === null || !(await this.seats.systemMarkLapsed(system, s.id, s.expires_at, now)))
        continue
      await this.tokens.revokeAllOf(s.tenant_id, s.user_id)
      this.log.info({ seatId: s.id, userId: s.user_id }, 'seat ended: agent signed out')
    }
    return lapsed.length === 100
  }
}
