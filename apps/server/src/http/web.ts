import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

const NOT_SPA = /^\/(damai|docs|socket\.io|assets)(\/|$)/

/** The sign-in page drawn ahead of the app's scripts by the build, for its path. */
const DRAWN_PAGES: Record<string, string> = { '/login': 'login.html' }

/**
 * Serves the built web app (pre-compressed files where the build made them) and index.html for
 * client-side routes (the sign-in page's own copy with the page drawn in it, where the build made
 * one). API, docs, socket and asset paths and anything with an extension never
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
  const drawn = new Map(
    Object.entries(DRAWN_PAGES).filter(([, file]) => fs.existsSync(path.join(webDist, file))),
  )
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/'
    if (NOT_SPA.test(url) || path.extname(url)) return reply.callNotFound()
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile(drawn.get(url) ?? 'index.html')
  })
}
