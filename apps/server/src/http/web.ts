import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

const NOT_SPA = /^\/(damai|docs|socket\.io|assets)(\/|$)/

/**
 * Serves the built web app (pre-compressed files where the build made them) and index.html for
 * client-side routes. API, docs, socket and asset paths and anything with an extension never
 * fall back to the SPA.
 */
export async function installWeb(app: FastifyInstance, webDist: string): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web build not found: only the API is served (run npm run build)')
    return
  }
  await app.register(fastifyStatic, {
    root: webDist,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/'
    if (NOT_SPA.test(url) || path.extname(url)) return reply.callNotFound()
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html')
  })
}
