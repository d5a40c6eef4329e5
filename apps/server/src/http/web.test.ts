import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { installWeb } from './web.js'

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'))
fs.writeFileSync(path.join(dist, 'index.html'), '<html>app</html>')
fs.writeFileSync(path.join(dist, 'login.html'), '<html>sign-in drawn</html>')
fs.mkdirSync(path.join(dist, 'assets'))
fs.writeFileSync(path.join(dist, 'assets', 'a.js'), 'x')

const app = Fastify()
await installWeb(app, dist)
afterAll(async () => {
  await app.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

describe('the web app', () => {
  it('answers the sign-in path with the page drawn by the build, its query aside', async () => {
    for (const url of ['/login', '/login?redirect=%2FmyOrder']) {
      const res = await app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toBe('<html>sign-in drawn</html>')
    }
  })

  it('answers the sign-in path with index.html where the build drew no page', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'))
    fs.writeFileSync(path.join(bare, 'index.html'), '<html>app</html>')
    const other = Fastify()
    await installWeb(other, bare)
    try {
      expect((await other.inject({ url: '/login' })).body).toBe('<html>app</html>')
    } finally {
      await other.close()
      fs.rmSync(bare, { recursive: true, force: true })
    }
  })

  it('answers every other page path with index.html, and no fallback for assets or the API', async () => {
    for (const url of ['/', '/home', '/adminLogin', '/customerServiceDesk/deskSession']) {
      expect((await app.inject({ url })).body).toBe('<html>app</html>')
    }
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404)
    expect((await app.inject({ url: '/damai/nothing' })).statusCode).toBe(404)
    expect((await app.inject({ url: '/assets/a.js' })).headers['cache-control']).toContain('immutable')
  })
})
