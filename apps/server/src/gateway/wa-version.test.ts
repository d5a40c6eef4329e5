import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/index.js'
import { createTestDb } from '../test/harness.js'
import { WaVersion, type WaVersionTriple } from './wa-version.js'

const BUNDLED: WaVersionTriple = [2, 3000, 1_000]
const V1: WaVersionTriple = [2, 3000, 1_023_223_821]
const V2: WaVersionTriple = [2, 3000, 1_027_000_000]
const HOUR = 3_600_000

let db: Db
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ db, drop } = await createTestDb())
})
afterAll(async () => {
  await drop()
})

/** A process's view of the version over the shared database; `fetch` is what web.whatsapp.com answers. */
function processAt(now: () => number, fetch: () => Promise<WaVersionTriple>) {
  let fetches = 0
  const versions = new WaVersion({
    db,
    fetch: () => {
      fetches++
      return fetch()
    },
    bundled: BUNDLED,
    now,
  })
  return { versions, fetches: () => fetches }
}

const offline = () => Promise.reject(new Error('getaddrinfo ENOTFOUND web.whatsapp.com'))

describe('the WhatsApp Web version, learned and shared', () => {
  it('is fetched at start, shared through the database, and fetched again only after the refresh interval', async () => {
    let t = 1_000_000
    const now = () => t
    const a = processAt(now, async () => V1)
    expect(await a.versions.current()).toMatchObject({
      text: '2.3000.1023223821',
      source: 'fetched',
      fetchedAt: t,
    })
    // a second process starting within the interval takes it without asking WhatsApp
    const b = processAt(now, async () => V2)
    expect(await b.versions.current()).toMatchObject({ version: V1, source: 'cached' })
    expect(b.fetches()).toBe(0)
    t += 6 * HOUR
    const changed: string[] = []
    b.versions.onChange((i) => changed.push(i.text))
    expect(await b.versions.refresh(false)).toMatchObject({ version: V2, source: 'fetched' })
    expect(changed).toEqual(['2.3000.1027000000'])
    // and the first process follows at its next refresh, from the shared row
    expect(await a.versions.refresh(false)).toMatchObject({ version: V2, source: 'cached' })
    expect(a.fetches()).toBe(1)
  })

  it('falls back to the shared version, or to the bundled one, when the fetch fails', async () => {
    await db.deleteFrom('wa_versions').execute()
    const t = 5_000_000
    const alone = processAt(() => t, offline)
    expect(await alone.versions.current()).toMatchObject({
      version: BUNDLED,
      source: 'bundled',
      fetchedAt: null,
    })
    await processAt(
      () => t,
      async () => V1,
    ).versions.current()
    const later = processAt(() => t + 7 * HOUR, offline)
    expect(await later.versions.current()).toMatchObject({ version: V1, source: 'cached' })
    expect(later.fetches()).toBe(1)
  })

  it('a rejected version is fetched again at once, once for every account that hits it', async () => {
    await db.deleteFrom('wa_versions').execute()
    let t = 9_000_000
    let published = V1
    const p = processAt(
      () => t,
      async () => published,
    )
    await p.versions.current()
    published = V2
    const answers = await Promise.all([1, 2, 3].map(() => p.versions.rejected(V1)))
    expect(answers.map((a) => a.text)).toEqual([
      '2.3000.1027000000',
      '2.3000.1027000000',
      '2.3000.1027000000',
    ])
    expect(p.fetches()).toBe(2)
    // WhatsApp refuses the newest too: accounts reporting it within a minute of that fetch do not fetch again
    t += 1_000
    await Promise.all([p.versions.rejected(V2), p.versions.rejected(V2)])
    expect(p.fetches()).toBe(2)
    t += 60_000
    await Promise.all([p.versions.rejected(V2), p.versions.rejected(V2)])
    expect(p.fetches()).toBe(3)
  })

  it('a rejection takes a newer version another process already stored, without fetching', async () => {
    await db.deleteFrom('wa_versions').execute()
    let t = 20_000_000
    const a = processAt(
      () => t,
      async () => V1,
    )
    await a.versions.current()
    t += 7 * HOUR
    await processAt(
      () => t,
      async () => V2,
    ).versions.current()
    expect(await a.versions.rejected(V1)).toMatchObject({ version: V2, source: 'cached' })
    expect(a.fetches()).toBe(1)
  })
})
