import { ErrorCode } from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.js'
import type { Db } from '../../db/index.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import { AppError } from '../../http/errors.js'
import { AccountDirectory, type AccountLoginService, checkPhone } from '../accounts/index.js'
import type { MaterialsService } from '../materials/index.js'
import type { HistorySearch, MediaStore } from '../messages/index.js'
import { MerchantsRepository } from './merchants.repository.js'
import { merchantsRoutes } from './merchants.routes.js'
import { MerchantsService } from './merchants.service.js'
import { type ProfileMaterials, type ProfilePictures, ProfilesService } from './profiles.service.js'

export interface MerchantsDeps {
  db: Db
  gateway: MessagingGateway
  /** the accounts module's linking: a supplier's number is linked as on the accounts page */
  login: AccountLoginService
  /** the chat history's search */
  history: HistorySearch
  materials: MaterialsService
  media: MediaStore
  /** LOGIN_RATE_PER_MINUTE: links, and a link's progress reads, per code and address per minute;
   * MERCHANT_LOOKUPS_PER_MINUTE: lookups of a code (its numbers, their chat history) per address per minute */
  config: Pick<Config, 'LOGIN_RATE_PER_MINUTE' | 'MERCHANT_LOOKUPS_PER_MINUTE'>
}

/**
 * The number-merchant interface (codes, the supplier's public pairing and history pages) and
 * account profiles (nickname and avatar materials applied, the proxy's area).
 */
export function installMerchants(app: FastifyInstance, deps: MerchantsDeps) {
  const { db, login, materials, media } = deps
  const merchants = new MerchantsService(
    new MerchantsRepository(db),
    {
      loginCode: (tenantId, userId, phone) => login.loginCode(tenantId, userId, phone),
      loginStatus: (tenantId, accountId) => login.loginStatus(tenantId, accountId),
      checkPhone,
      gatewayStatus: (accountId) => {
        const s = deps.gateway.getStatus(String(accountId))
        if (!s) return undefined
        return s.state === 'awaiting_pairing_code' ? { state: s.state, code: s.code } : { state: s.state }
      },
    },
    deps.history,
  )
  // a material applied to profiles is one of the public library, enabled, of the right kind
  const profileMaterials: ProfileMaterials = {
    nickname: async (tenantId, userId, id) => {
      const m = await materials.get({ tenantId, userId, master: true }, id)
      if (m.usage !== 'nickname' || !m.enabled || m.content.type !== 'text')
        throw new AppError(ErrorCode.profileMaterialUnusable)
      return m.content.text
    },
    avatar: async (tenantId, userId, id) => {
      const caller = { tenantId, userId, master: true }
      const m = await materials.get(caller, id)
      if (m.usage !== 'avatar' || !m.enabled || !m.media)
        throw new AppError(ErrorCode.profileMaterialUnusable)
      return { mediaId: m.media.id, absolutePath: (await materials.file(caller, id)).absolutePath }
    },
  }
  const pictures: ProfilePictures = {
    path: async (tenantId, mediaId) => {
      const file = await media.find(db, tenantId, mediaId)
      return file ? { absolutePath: media.absolute(file.path), mime: file.mime } : null
    },
  }
  const accounts = new AccountDirectory(db)
  const profiles = new ProfilesService(
    db,
    async (tenantId, ids) => (await accounts.byIds(tenantId, ids)).map((a) => ({ ...a, id: Number(a.id) })),
    deps.gateway,
    profileMaterials,
    pictures,
  )
  merchantsRoutes(app, merchants, profiles, {
    perMinute: deps.config.LOGIN_RATE_PER_MINUTE,
    lookups: deps.config.MERCHANT_LOOKUPS_PER_MINUTE,
  })
  return { merchants, profiles }
}
