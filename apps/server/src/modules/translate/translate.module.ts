import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../../config.js'
import type { UsersService } from '../users/index.js'
import { LibreTranslateProvider, type TranslateProvider } from './translate.provider.js'
import { translateRoutes } from './translate.routes.js'
import { TranslateService } from './translate.service.js'

/** Translation: a LibreTranslate-compatible service at TRANSLATE_URL (with TRANSLATE_API_KEY), or none. */
export function installTranslate(
  app: FastifyInstance,
  deps: { users: UsersService; config: Config; logger: Logger },
): TranslateService {
  const { users, config, logger } = deps
  const provider: TranslateProvider | null = config.TRANSLATE_URL
    ? new LibreTranslateProvider({ url: config.TRANSLATE_URL, apiKey: config.TRANSLATE_API_KEY })
    : null
  const service = new TranslateService(users, provider, logger.child({ module: 'translate' }))
  translateRoutes(app, service)
  return service
}
