import { Readable } from 'node:stream'
import {
  ErrorCode,
  type NurturingAccountStateValue,
  type NurturingFileType,
  type NurturingLanguage,
  type NurturingMaterialCreateBody,
  type NurturingMaterialType,
  type NurturingMaterialView,
  type NurturingProgressView,
  type NurturingRuleBody,
  type NurturingRuleView,
  nurturingFileVerdict,
  type Page,
} from '@app/core'
import { openSystemScope, type SystemScope } from '../../db/system-scope.js'
import { AppError, notFound } from '../../http/errors.js'
import type { MediaStore } from '../messages/index.js'
import { DAY_MS, dayStart } from './nurturing.clock.js'
import type { NurturingMaterial, NurturingRepository, NurturingRule } from './nurturing.repository.js'

/** Nurturing engine and the platform’s rules. */
const system = openSystemScope('modules/nurturing/nurturing.service')

/** The tenants' directory (the users module's): names, and which one is the platform's. */
export interface TenantDirectory {
  systemBriefs(system: SystemScope, ids: number[]): Promise<Map<number, { name: string }>>
  systemPlatformId(system: SystemScope): Promise<number | undefined>
}

/** The admin's source material, rules and the nurtured accounts' progress. */
export class NurturingService {
  constructor(
    private readonly repo: NurturingRepository,
    private readonly tenants: TenantDirectory,
    /** where file material is kept (DATA_DIR/nurturing): platform-wide, outside any tenant's media */
    private readonly files: MediaStore,
    private readonly now: () => number = Date.now,
  ) {}

  async materials(
    language: string | undefined,
    pageNo: number,
    pageSize: number,
  ): Promise<Page<NurturingMaterialView>> {
    const { rows, total } = await this.repo.materialPage(language, (pageNo - 1) * pageSize, pageSize)
    return { list: rows.map(presentMaterial), total }
  }

  addMaterial(b: NurturingMaterialCreateBody): Promise<number> {
    const now = this.now()
    return this.repo.addMaterial({
      language: b.language,
      type: b.type,
      text: b.text,
      media_path: null,
      mime: null,
      size: null,
      enabled: b.enabled ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
  }

  /** A file checked from its bytes and kept as material of `type`. */
  async uploadMaterial(
    b: { language: string; type: NurturingFileType; enabled: boolean },
    bytes: Buffer,
  ): Promise<number> {
    const verdict = nurturingFileVerdict(b.type, bytes)
    if (!verdict.ok) throw new AppError(verdict.code, verdict.params ? { params: verdict.params } : {})
    const file = await this.files.save(0, Readable.from(bytes))
    const now = this.now()
    try {
      return await this.repo.addMaterial({
        language: b.language,
        type: b.type,
        text: '',
        media_path: file.path,
        mime: file.mime,
        size: file.size,
        enabled: b.enabled ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
    } catch (err) {
      await this.files.discard(file.path)
      throw err
    }
  }

  /** A file material's bytes, for the admin's preview. */
  async materialFile(id: number): Promise<{ absolutePath: string; mime: string }> {
    const m = await this.repo.material(id)
    if (!m?.media_path || !m.mime) throw notFound()
    return { absolutePath: this.files.absolute(m.media_path), mime: m.mime }
  }

  /** A file material's language and use; its file stays. */
  async updateMaterialFile(id: number, b: { language: string; enabled: boolean }): Promise<void> {
    const m = await this.repo.material(id)
    if (!m || m.type === 'text') throw notFound()
    await this.repo.updateMaterial(id, {
      language: b.language,
      enabled: b.enabled ? 1 : 0,
      updated_at: this.now(),
    })
  }

  async updateMaterial(id: number, b: NurturingMaterialCreateBody): Promise<void> {
    const m = await this.repo.material(id)
    if (!m) throw notFound()
    // a file material never becomes a text (nor a text a file) by an edit
    if (m.type !== 'text') throw new AppError(ErrorCode.nurturingMaterialIsFile)
    const done = await this.repo.updateMaterial(id, {
      language: b.language,
      type: b.type,
      text: b.text,
      enabled: b.enabled ? 1 : 0,
      updated_at: this.now(),
    })
    if (!done) throw notFound()
  }

  async removeMaterial(id: number): Promise<void> {
    const m = await this.repo.material(id)
    if (!m || !(await this.repo.removeMaterial(id))) throw notFound()
    if (m.media_path) await this.files.discard(m.media_path)
  }

  async rules(pageNo: number, pageSize: number): Promise<Page<NurturingRuleView>> {
    const { rows, total } = await this.repo.rulePage((pageNo - 1) * pageSize, pageSize)
    const ids = [...new Set(rows.flatMap((r) => JSON.parse(r.tenant_ids) as number[]))]
    const briefs = await this.tenants.systemBriefs(system, ids)
    const names = new Map([...briefs].map(([id, t]) => [id, t.name]))
    const counts = await this.repo.systemAccountCounts(system)
    return { list: rows.map((r) => presentRule(r, names, counts.get(r.id) ?? 0)), total }
  }

  async addRule(b: NurturingRuleBody): Promise<number> {
    await this.check(b)
    const now = this.now()
    return this.repo.addRule({ ...ruleRow(b), created_at: now, updated_at: now })
  }

  async updateRule(id: number, b: NurturingRuleBody): Promise<void> {
    await this.check(b)
    const now = this.now()
    if (!(await this.repo.updateRule(id, { ...ruleRow(b), updated_at: now }))) throw notFound()
    // a rule turned off stops its accounts now, not at their next turn
    if (!b.enabled) await this.repo.systemStopRule(system, id, 'rule_off', now)
  }

  async removeRule(id: number): Promise<void> {
    if (!(await this.repo.removeRule(id))) throw notFound()
    await this.repo.systemStopRule(system, id, 'rule_deleted', this.now())
  }

  async progress(
    ruleId: number | undefined,
    pageNo: number,
    pageSize: number,
  ): Promise<Page<NurturingProgressView>> {
    const now = this.now()
    const { rows, total } = await this.repo.systemProgress(system, ruleId, (pageNo - 1) * pageSize, pageSize)
    return {
      list: rows.map((r) => {
        const days = r.days ?? 0
        const today = dayStart(now, r.utc_offset ?? 0)
        return {
          accountId: r.account_id,
          phone: r.phone ?? '',
          tenantName: r.tenant_name,
          ruleId: r.rule_id,
          ruleName: r.rule_name ?? '',
          partnerPhone: r.partner_phone ?? null,
          state: r.state as NurturingAccountStateValue,
          stopReason: r.stop_reason,
          daysDone: Math.min(days, Math.max(0, Math.floor((now - r.linked_at) / DAY_MS))),
          days,
          sentToday: r.day_start === today ? r.sent_today : 0,
          perDay: r.per_day ?? 0,
          sentTotal: r.sent_total,
          startedAt: r.started_at,
          lastSentAt: r.last_sent_at,
        }
      }),
      total,
    }
  }

  private async check(b: NurturingRuleBody): Promise<void> {
    if (b.activeFrom === b.activeTo) throw new AppError(ErrorCode.nurturingHoursEmpty)
    const found = await this.tenants.systemBriefs(system, b.tenantIds)
    const platform = await this.tenants.systemPlatformId(system)
    if (found.size !== b.tenantIds.length || b.tenantIds.includes(platform ?? -1))
      throw new AppError(ErrorCode.nurturingTenantUnknown)
  }
}

function ruleRow(b: NurturingRuleBody) {
  return {
    name: b.name,
    tenant_ids: JSON.stringify(b.tenantIds),
    language: b.language,
    days: b.days,
    per_day: b.perDay,
    active_from: b.activeFrom,
    active_to: b.activeTo,
    utc_offset: b.utcOffset,
    enabled: b.enabled ? 1 : 0,
  }
}

function presentMaterial(m: NurturingMaterial): NurturingMaterialView {
  return {
    id: m.id,
    language: m.language as NurturingLanguage,
    type: m.type as NurturingMaterialType,
    text: m.text,
    mime: m.mime,
    size: m.size,
    enabled: m.enabled === 1,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  }
}

function presentRule(r: NurturingRule, names: Map<number, string>, accounts: number): NurturingRuleView {
  return {
    id: r.id,
    name: r.name,
    tenants: (JSON.parse(r.tenant_ids) as number[]).map((id) => ({ id, name: names.get(id) ?? String(id) })),
    language: r.language as NurturingLanguage,
    days: r.days,
    perDay: r.per_day,
    activeFrom: r.active_from,
    activeTo: r.active_to,
    utcOffset: r.utc_offset,
    enabled: r.enabled === 1,
    accounts,
    createdAt: r.created_at,
  }
}
