import {
  type DynamicCounts,
  type DynamicCreateBody,
  type DynamicFailureValue,
  type DynamicKind,
  type DynamicPostDetail,
  type DynamicPostView,
  DynamicTargetState,
  type DynamicTargetStateValue,
  ErrorCode,
  type Page,
} from '@app/core'
import type { Db } from '../../db/index.js'
import type { Caller } from '../../http/caller.js'
import { AppError, notFound } from '../../http/errors.js'
import type { AccountDirectory } from '../accounts/index.js'
import type { MediaStore } from '../messages/index.js'
import type { DynamicsRepository, StatusPost } from './dynamics.repository.js'

/** An appointment this much in the past still counts as "now" (the form's clock may lag). */
const PAST_GRACE_MS = 60_000
/** The file types a status image or video may be. */
const MEDIA_TYPES: Record<Exclude<DynamicKind, 'text'>, readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  video: ['video/mp4'],
}

type TargetRow = Awaited<ReturnType<DynamicsRepository['targets']>>[number]

/** The supervisor's status posts: create (now or at a time), list, detail with per-account results, cancel. */
export class DynamicsService {
  constructor(
    private readonly db: Db,
    private readonly repo: DynamicsRepository,
    private readonly accounts: AccountDirectory,
    private readonly media: MediaStore,
    private readonly wake: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  async create(caller: Caller, body: DynamicCreateBody): Promise<number> {
    const now = this.now()
    const scheduledAt = body.scheduledAt ?? now
    if (scheduledAt < now - PAST_GRACE_MS) throw new AppError(ErrorCode.dynamicScheduleInPast)
    const accounts = await this.accounts.byIds(caller.tenantId, body.accountIds)
    if (accounts.length !== body.accountIds.length) throw new AppError(ErrorCode.dynamicAccountUnusable)
    if (body.kind !== 'text') {
      const file =
        body.mediaId === undefined ? undefined : await this.media.find(this.db, caller.tenantId, body.mediaId)
      if (!file || !MEDIA_TYPES[body.kind].includes(file.mime))
        throw new AppError(ErrorCode.dynamicMediaUnusable)
    }
    const id = await this.repo.create(
      {
        tenant_id: caller.tenantId,
        created_by: caller.userId,
        kind: body.kind,
        text: body.text,
        background_color: body.kind === 'text' ? (body.backgroundColor ?? null) : null,
        font: body.kind === 'text' ? (body.font ?? null) : null,
        media_id: body.kind === 'text' ? null : (body.mediaId ?? null),
        scheduled_at: Math.max(scheduledAt, now),
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      },
      body.accountIds,
    )
    if (scheduledAt <= now) this.wake()
    return id
  }

  async page(caller: Caller, pageNo: number, pageSize: number): Promise<Page<DynamicPostView>> {
    const { rows, total } = await this.repo.page(caller.tenantId, (pageNo - 1) * pageSize, pageSize)
    const targets = await this.repo.targets(
      caller.tenantId,
      rows.map((r) => r.id),
    )
    return {
      list: rows.map((p) =>
        present(
          p,
          targets.filter((t) => t.post_id === p.id),
        ),
      ),
      total,
    }
  }

  async detail(caller: Caller, id: number): Promise<DynamicPostDetail> {
    const post = await this.repo.find(caller.tenantId, id)
    if (!post) throw notFound()
    const targets = await this.repo.targets(caller.tenantId, [id])
    const viewers = await this.repo.viewers(
      caller.tenantId,
      targets.map((t) => t.id),
    )
    return {
      ...present(post, targets),
      targets: targets.map((t) => ({
        accountId: t.account_id,
        phone: t.phone ?? '',
        state: t.state as DynamicTargetStateValue,
        reason: (t.reason as DynamicFailureValue | null) ?? null,
        detail: t.state === DynamicTargetState.failed ? t.detail : null,
        audience: t.audience,
        postedAt: t.posted_at,
        viewers: viewers
          .filter((v) => v.target_id === t.id)
          .map((v) => ({ viewer: v.viewer.split('@')[0] ?? v.viewer, viewedAt: v.viewed_at })),
      })),
    }
  }

  async cancel(caller: Caller, id: number): Promise<void> {
    const post = await this.repo.find(caller.tenantId, id)
    if (!post) throw notFound()
    const n = await this.repo.cancel(caller.tenantId, id, this.now())
    if (n === 0) throw new AppError(ErrorCode.dynamicNotCancellable)
  }
}

function present(p: StatusPost, targets: TargetRow[]): DynamicPostView {
  const counts: DynamicCounts = {
    total: targets.length,
    pending: 0,
    posted: 0,
    failed: 0,
    cancelled: 0,
    views: 0,
  }
  for (const t of targets) {
    if (t.state === DynamicTargetState.pending) counts.pending++
    else if (t.state === DynamicTargetState.posted) counts.posted++
    else if (t.state === DynamicTargetState.failed) counts.failed++
    else if (t.state === DynamicTargetState.cancelled) counts.cancelled++
    counts.views += t.views
  }
  return {
    id: p.id,
    kind: p.kind as DynamicKind,
    text: p.text,
    backgroundColor: p.background_color,
    font: p.font,
    mediaId: p.media_id,
    scheduledAt: p.scheduled_at,
    createdAt: p.created_at,
    counts,
  }
}
