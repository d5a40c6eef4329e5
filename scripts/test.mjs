#!/usr/bin/env node
// Runs every test: unit and route tests (Vitest), then browser flows (Playwright in Chromium
// against the built server in demo mode). Ends with the line "N passed, N failed".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, '.test-output')
fs.mkdirSync(out, { recursive: true })
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

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

const only = process.argv[2] // 'unit' | 'e2e' | undefined

if (only !== 'e2e') {
  const file = path.join(out, 'vitest.json')
  fs.rmSync(file, { force: true })
  const status = run('npx', [
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
    if (status !== 0 && r.numFailedTests === 0) failed += 1 // a suite failed to load
  } else failed += 1
}

if (only !== 'unit') {
  const build = run('npm', ['run', 'build'])
  if (build !== 0) failed += 1
  else {
    const file = path.join(out, 'playwright.json')
    fs.rmSync(file, { force: true })
    const status = run('npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    })
    const r = readJson(file)
    if (r?.stats) {
      passed += r.stats.expected + r.stats.flaky
      failed += r.stats.unexpected
      skipped += r.stats.skipped
      if (status !== 0 && r.stats.unexpected === 0) failed += 1
    } else failed += 1
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
