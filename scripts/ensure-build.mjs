#!/usr/bin/env node
// Builds only when the build is not current: `npm start`, `npm run demo` and `npm run sim-service`
// start from the existing build when nothing it is made from changed since it was made.
//
// What the build is made from: the sources and build settings of packages/core, apps/server and
// apps/web (test files aside), the root package.json, package-lock.json and tsconfig.base.json,
// hashed by content. What it made: every file under the three dist folders, by path, size and
// modification time. Both are kept in a stamp after a successful build; a start that finds the
// same inputs and the same outputs does not build. Anything else (no stamp, a changed source, a
// dependency update, a dist folder removed or rewritten by another build) builds.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export const SOURCE_DIRS = ['packages/core', 'apps/server', 'apps/web']
export const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json']
export const OUTPUT_DIRS = ['packages/core/dist', 'apps/server/dist', 'apps/web/dist']
/** Files each output must hold for the build to count as there at all. */
export const REQUIRED_OUTPUTS = [
  'packages/core/dist/index.js',
  'apps/server/dist/main.js',
  'apps/server/dist/sim-service.js',
  'apps/web/dist/index.html',
]
export const STAMP = 'node_modules/.cache/ws-desk/build-stamp.json'

// build outputs, dependencies and tool caches are not sources; no build reads a test file or folder
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'test', 'test-results'])
const isSkippedFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name) || name.endsWith('.tsbuildinfo')

function walk(root, rel, visit) {
  let entries
  try {
    entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true })
  } catch (err) {
    if (err.code === 'ENOENT') return
    throw err
  }
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name)) walk(root, child, visit)
    } else if (e.isFile()) visit(child)
  }
}

/** The files the build is made from, relative to `root`, sorted. */
export function inputFiles(root) {
  const files = ROOT_FILES.filter((f) => fs.existsSync(path.join(root, f)))
  for (const dir of SOURCE_DIRS) walk(root, dir, (f) => !isSkippedFile(path.basename(f)) && files.push(f))
  return files.sort()
}

/** A hash of the build's inputs: their paths and contents. */
export function inputsFingerprint(root) {
  const hash = createHash('sha256')
  for (const f of inputFiles(root)) {
    hash.update(`${f}\0`)
    hash.update(fs.readFileSync(path.join(root, f)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** A hash of what the build made (paths, sizes, modification times); null when a required output is missing. */
export function outputsFingerprint(root) {
  if (!REQUIRED_OUTPUTS.every((f) => fs.existsSync(path.join(root, f)))) return null
  const hash = createHash('sha256')
  const files = []
  for (const dir of OUTPUT_DIRS) {
    const base = path.join(root, dir)
    if (!fs.existsSync(base)) continue
    for (const f of fs.readdirSync(base, { recursive: true })) {
      const st = fs.statSync(path.join(base, f))
      if (st.isFile()) files.push(`${dir}/${f}\0${st.size}\0${st.mtimeMs}`)
    }
  }
  for (const f of files.sort()) hash.update(`${f}\n`)
  return hash.digest('hex')
}

function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'))
  } catch {
    return null
  }
}

/** Whether to build, and why: compares the tree with the stamp of the last successful build. */
export function buildDecision(root) {
  const inputs = inputsFingerprint(root)
  const outputs = outputsFingerprint(root)
  const stamp = readStamp(root)
  let reason = null
  if (outputs === null) reason = 'no build yet'
  else if (!stamp) reason = 'no record of the last build'
  else if (stamp.inputs !== inputs) reason = 'sources changed since the last build'
  else if (stamp.outputs !== outputs) reason = 'the build output changed since the last build'
  return { build: reason !== null, reason, inputs }
}

/**
 * Builds when `buildDecision` says so, with `runBuild` (returns an exit status), and records the
 * build's stamp when it succeeds. Returns the exit status (0 when nothing was to be done).
 */
export function ensureBuild(root, runBuild, log = (line) => process.stderr.write(`${line}\n`)) {
  const decision = buildDecision(root)
  if (!decision.build) {
    log('build is current with the sources: not rebuilding')
    return 0
  }
  log(`building (${decision.reason})`)
  const status = runBuild()
  if (status !== 0) return status
  const stamp = {
    inputs: decision.inputs,
    outputs: outputsFingerprint(root),
    builtAt: new Date().toISOString(),
  }
  fs.mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true })
  fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify(stamp)}\n`)
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const root = path.resolve(import.meta.dirname, '..')
  const status = ensureBuild(
    root,
    () => spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status ?? 1,
  )
  process.exit(status)
}
