import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import Database from 'better-sqlite3'

/** The value of one sample line of the Prometheus text, or undefined. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

test('the running server answers its health, readiness and metrics endpoints', async ({ request }) => {
  const health = await request.get('/healthz')
  expect(health.status()).toBe(200)
  expect(await health.json()).toEqual({ ok: true })

  const ready = await request.get('/readyz')
  expect(ready.status()).toBe(200)
  expect(await ready.json()).toEqual({
    ok: true,
    checks: { database: 'ok', redis: 'not configured', gateway: 'ok' },
  })

  // this machine is a loopback client, so no token is needed
  const metrics = await request.get('/metrics')
  expect(metrics.status()).toBe(200)
  const text = await metrics.text()
  expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge')
  // the demo's linked numbers are online and held by this process
  expect(sample(text, 'wsdesk_accounts{status="online"}')).toBeGreaterThan(0)
  expect(sample(text, 'wsdesk_process_accounts')).toBeGreaterThan(0)
  expect(sample(text, 'wsdesk_outbox_depth')).toBeGreaterThanOrEqual(0)
})

test('a backup of the database is taken while the server serves, and opens intact', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wsdesk-e2e-backup-'))
  const target = path.join(dir, 'copy.db')
  try {
    // the server is in use during the backup
    await page.goto('/login')
    const run = spawnSync(process.execPath, ['scripts/backup.mjs', target], {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '', DATABASE_URL: '' },
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const copy = new Database(target, { readonly: true, fileMustExist: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      const tenants = copy.prepare("select count(*) as n from tenants where account = 'demo'").get() as {
        n: number
      }
      expect(tenants.n).toBe(1)
    } finally {
      copy.close()
    }
    // and the server goes on answering
    expect((await page.request.get('/readyz')).status()).toBe(200)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
