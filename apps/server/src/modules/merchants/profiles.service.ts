import fs from 'node:fs'
import {
  type AccountProfileView,
  ErrorCode,
  type ErrorCodeValue,
  errorMessage,
  type LanguageCode,
  type ProfileApplyBody,
  type ProfileApplyResult,
} from '@app/core'
import type { Db } from '../../db/index.js'
import { isGatewayError, type MessagingGateway } from '../../gateway/messaging-gateway.js'
import { AppError, notFound } from '../../http/errors.js'
import { areaOfProxy } from './geoip.js'

/** The material libraries, as profiles use them: each throws not found, or unusable for the wrong kind. */
export interface ProfileMaterials {
  /** the text of an enabled nickname material */
  nickname(tenantId: number, userId: number, id: number): Promise<string>
  /** the stored image of an enabled avatar material */
  avatar(tenantId: number, userId: number, id: number): Promise<{ mediaId: number; absolutePath: string }>
}

export interface ProfileAccount {
  id: number
  phone: string | null
  proxy: string | null
  push_name: string
}

/** Where a stored picture is on disk. */
export interface ProfilePictures {
  path(tenantId: number, mediaId: number): Promise<{ absolutePath: string; mime: string } | null>
}

/**
 * Account profiles: nickname and avatar materials set as the WhatsApp profile name and picture
 * of chosen accounts (each account's outcome reported on its own), and the area of each
 * account's proxy from the offline GeoIP database, resolved again whenever the proxy changed.
 */
export class ProfilesService {
  constructor(
    private readonly db: Db,
    /** the tenant's live accounts among ids (the accounts module's rows) */
    private readonly accounts: (tenantId: number, ids: number[]) => Promise<ProfileAccount[]>,
    private readonly gateway: MessagingGateway,
    private readonly materials: ProfileMaterials,
    private readonly pictures: ProfilePictures,
  ) {}

  /** The profiles of live accounts of the tenant; the areas of changed proxies are looked up first. */
  async list(tenantId: number, accountIds: number[]): Promise<AccountProfileView[]> {
    if (accountIds.length === 0) return []
    const accounts = await this.accounts(tenantId, [...new Set(accountIds)])
    if (accounts.length === 0) return []
    const profiles = await this.db
      .selectFrom('account_profiles')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where(
        'account_id',
        'in',
        accounts.map((a) => a.id),
      )
      .execute()
    const byAccount = new Map(profiles.map((p) => [Number(p.account_id), p]))
    const out: AccountProfileView[] = []
    for (const a of accounts) {
      const p = byAccount.get(a.id)
      let area = p?.ip_area ?? null
      const proxy = a.proxy ?? null
      if (!p || (p.ip_area_proxy ?? null) !== proxy) {
        area = await areaOfProxy(proxy)
        await this.store(tenantId, a.id, { ip_area: area, ip_area_proxy: proxy })
      }
      out.push({
        accountId: a.id,
        name: p?.name ?? (a.push_name || null),
        hasPicture: p?.picture_media_id != null,
        ipArea: area,
      })
    }
    return out
  }

  /** Set the chosen materials on each account; one account failing does not stop the others. */
  async apply(
    tenantId: number,
    userId: number,
    body: ProfileApplyBody,
    lang: LanguageCode,
  ): Promise<ProfileApplyResult[]> {
    if (body.nicknameMaterialId === undefined && body.avatarMaterialId === undefined)
      throw new AppError(ErrorCode.profileNothingToApply)
    const ids = [...new Set(body.accountIds)]
    const accounts = await this.accounts(tenantId, ids)
    if (accounts.length !== ids.length) throw notFound()
    const name =
      body.nicknameMaterialId === undefined
        ? undefined
        : await this.materials.nickname(tenantId, userId, body.nicknameMaterialId)
    const avatar =
      body.avatarMaterialId === undefined
        ? undefined
        : await this.materials.avatar(tenantId, userId, body.avatarMaterialId)
    const image = avatar ? await fs.promises.readFile(avatar.absolutePath) : undefined
    const results: ProfileApplyResult[] = []
    for (const acc of accounts) {
      const accountId = Number(acc.id)
      let code: ErrorCodeValue = ErrorCode.ok
      try {
        if (name !== undefined) {
          await this.gateway.setProfileName(String(accountId), name)
          await this.store(tenantId, accountId, { name })
        }
        if (avatar && image) {
          await this.gateway.setProfilePicture(String(accountId), image)
          await this.store(tenantId, accountId, { picture_media_id: avatar.mediaId })
        }
      } catch (err) {
        if (!isGatewayError(err)) throw err
        code = err.code === 'not_connected' ? ErrorCode.profileAccountOffline : ErrorCode.profileApplyFailed
      }
      results.push({ accountId, phone: acc.phone, code, msg: code === 0 ? '' : errorMessage(code, lang) })
    }
    return results
  }

  /** The picture last set on an account. */
  async picture(tenantId: number, accountId: number): Promise<{ absolutePath: string; mime: string }> {
    const row = await this.db
      .selectFrom('account_profiles')
      .select('picture_media_id')
      .where('tenant_id', '=', tenantId)
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    if (row?.picture_media_id == null) throw notFound()
    const file = await this.pictures.path(tenantId, Number(row.picture_media_id))
    if (!file) throw new AppError(ErrorCode.mediaNotFound)
    return file
  }

  private async store(
    tenantId: number,
    accountId: number,
    patch: {
      name?: string
      picture_media_id?: number
      ip_area?: string | null
      ip_area_proxy?: string | null
    },
  ): Promise<void> {
    const updated_at = Date.now()
    await this.db
      .insertInto('account_profiles')
      .values({ tenant_id: tenantId, account_id: accountId, ...patch, updated_at })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...patch, updated_at }))
      .execute()
  }
}
