import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildDecision, ensureBuild, REQUIRED_OUTPUTS, STAMP } from './ensure-build.mjs'

let root: string
let builds: number
let buildStatus: number

const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
  fs.writeFileSync(path.join(root, rel), text)
}

/** A stand-in for `npm run build`: writes the outputs a build makes. */
const fakeBuild = () => {
  builds++
  if (buildStatus !== 0) return buildStatus
  for (const f of REQUIRED_OUTPUTS) write(f, `built ${builds}`)
  write('apps/web/dist/assets/index.js', `built ${builds}`)
  return 0
}
const run = () => ensureBuild(root, fakeBuild, () => undefined)

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-build-'))
  builds = 0
  buildStatus = 0
  write('package.json', '{"name":"x"}')
  write('package-lock.json', '{"lockfileVersion":3}')
  write('tsconfig.base.json', '{}')
  write('packages/core/src/index.ts', 'export const a = 1\n')
  write('apps/server/src/main.ts', 'console.log(1)\n')
  write('apps/server/src/main.test.ts', 'test\n')
  write('apps/server/src/test/harness.ts', 'harness\n')
  write('apps/web/src/main.tsx', 'render()\n')
  write('apps/web/index.html', '<html></html>\n')
  write('apps/web/vite.config.ts', 'export default {}\n')
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('building only when the build is not current', () => {
  it('builds the first time, then not while nothing changed', () => {
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'no build yet' })
    expect(run()).toBe(0)
    expect(builds).toBe(1)
    expect(fs.existsSync(path.join(root, STAMP))).toBe(true)
    expect(run()).toBe(0)
    expect(run()).toBe(0)
    expect(builds).toBe(1)
  })

  it.each([
    ['a server source', 'apps/server/src/main.ts'],
    ['a core source', 'packages/core/src/index.ts'],
    ['a web source', 'apps/web/src/main.tsx'],
    ['the vite config', 'apps/web/vite.config.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('builds again when %s changed', (_what, file) => {
    run()
    write(file, 'changed\n')
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'sources changed since the last build' })
    run()
    expect(builds).toBe(2)
  })

  it('builds again when a source is added', () => {
    run()
    write('apps/server/src/new-module.ts', 'export {}\n')
    run()
    expect(builds).toBe(2)
  })

  it('does not build for a test file, nor for a source touched without a change', () => {
    run()
    write('apps/server/src/main.test.ts', 'another test\n')
    write('apps/server/src/test/harness.ts', 'another harness\n')
    const later = new Date(Date.now() + 60_000)
    fs.utimesSync(path.join(root, 'apps/server/src/main.ts'), later, later)
    run()
    expect(builds).toBe(1)
  })

  it('builds again when the output is missing or was rewritten by another build', () => {
    run()
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true })
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'no build yet' })
    run()
    expect(builds).toBe(2)
    write('apps/web/dist/assets/index.js', 'from another build')
    expect(buildDecision(root)).toMatchObject({
      build: true,
      reason: 'the build output changed since the last build',
    })
    run()
    expect(builds).toBe(3)
  })

  it('records nothing when the build fails, so the next start builds again', () => {
    buildStatus = 2
    expect(run()).toBe(2)
    expect(fs.existsSync(path.join(root, STAMP))).toBe(false)
    buildStatus = 0
    expect(run()).toBe(0)
    expect(builds).toBe(2)
  })
})
