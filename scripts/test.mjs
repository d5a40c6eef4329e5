#!/usr/bin/env node
// Runs every test: unit and route tests (Vitest) and, at the same time, browser flows (Playwright
// in Chromium against the built server in demo mode): the flows mostly wait on the server and the
// browser, so the unit tests use the cores meanwhile. The flows' output is shown as it comes, each
// line marked "[e2e]". Ends with the line "N passed, N failed". First makes
// sure the machine has what the tests need (test-prerequisites.mjs): installs it as root with
// apt-get, or stops at once with the command to run.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ensurePrerequisites } from './test-prerequisites.mjs'

const only = process.argv[2] // 'unit' | 'e2e' | undefined

const ready = ensurePrerequisites({ only })
if (!ready.ok) {
  console.error(`\n${ready.message}`)
  console.log('\n0 passed, 1 failed')
  process.exit(1)
}
Object.assign(process.env, ready.env)

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, '.test-output')
fs.mkdirSync(out, { recursive: true })
/** Runs a command to its end; resolves with its exit status. `prefix` marks each line of its output. */
const run = (cmd, args, { env = {}, prefix = '' } = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    })
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = ''
        from.setEncoding('utf8')
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n')
          rest = lines.pop() ?? ''
          for (const line of lines) to.write(`${prefix}${line}\n`)
        })
        from.on('end', () => {
          if (rest) to.write(`${prefix}${rest}\n`)
        })
      }
    }
    child.on('error', () => resolve(1))
    child.on('close', (code) => resolve(code ?? 1))
  })

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

let passed = 0
let failed = 0
let skipped = 0
/** Names of the failed tests, listed again at the end so a long log still shows them last. */
const failures = []

async function unit() {
  const file = path.join(out, 'vitest.json')
  fs.rmSync(file, { force: true })
  const status = await run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ])
  const r = readJson(file)
  if (r) {
    passed += r.numPassedTests
    failed += r.numFailedTests
    skipped += r.numPendingTests + (r.numTodoTests ?? 0)
    for (const suite of r.testResults ?? []) {
      const name = path.relative(root, suite.name)
      const bad = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
      for (const t of bad) failures.push(`${name} > ${t.fullName}`)
      if (suite.status === 'failed' && bad.length === 0) failures.push(`${name} (did not load)`)
    }
    if (status !== 0 && r.numFailedTests === 0) failed += 1 // a suite failed to load
  } else failed += 1
}

async function e2e() {
  const prefix = only === 'e2e' ? '' : '[e2e] '
  const build = await run('node', ['scripts/ensure-build.mjs'], { prefix })
  if (build !== 0) {
    failed += 1
    return
  }
  const file = path.join(out, 'playwright.json')
  fs.rmSync(file, { force: true })
  const status = await run('npx', ['playwright', 'test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    prefix,
  })
  const r = readJson(file)
  if (r?.stats) {
    passed += r.stats.expected + r.stats.flaky
    failed += r.stats.unexpected
    skipped += r.stats.skipped
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') failures.push(`[e2e] ${file} > ${spec.title} (${t.projectName})`)
        }
      }
      for (const child of suite.suites ?? []) walk(child, file)
    }
    for (const suite of r.suites ?? []) walk(suite, suite.file ?? suite.title)
    if (status !== 0 && r.stats.unexpected === 0) failed += 1
  } else failed += 1
}

const started = Date.now()
const phase = async (name, fn) => {
  await fn()
  console.log(`${name} finished after ${Math.round((Date.now() - started) / 1000)} s`)
}
await Promise.all([
  only !== 'e2e' ? phase('unit tests', unit) : null,
  only !== 'unit' ? phase('browser flows', e2e) : null,
])

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
