// What `npm test` needs from the machine besides node_modules: Chromium and the CJK font its pages
// are drawn with (browser flows), and ffmpeg (media conversion, in server tests and browser flows).
// Checked in the first seconds of a run. Missing ones are installed with apt-get when the run is
// root on a Debian-like machine; otherwise the run stops at once with the command to run.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const PREREQUISITES = [
  { id: 'chromium', what: 'Chromium (or CHROMIUM_PATH)', debian: 'chromium', scopes: ['e2e'] },
  { id: 'font', what: 'the WenQuanYi Micro Hei font', debian: 'fonts-wqy-microhei', scopes: ['e2e'] },
  { id: 'ffmpeg', what: 'ffmpeg (or FFMPEG_PATH)', debian: 'ffmpeg', scopes: ['unit', 'e2e'] },
]

/** Where the browser flows look for Chromium when CHROMIUM_PATH is not set. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium'

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** The first executable `name` on the PATH, or null. */
export function onPath(name, env = process.env) {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name)
  }
  return null
}

/** The machine as the checks see it; each probe can be replaced (tests). */
export function machineProbes(env = process.env) {
  return {
    /** the Chromium the browser flows will launch, or null */
    chromium: () => {
      if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null
      return isExecutable(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : onPath('chromium', env)
    },
    font: () => {
      const r = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8', env })
      return r.status === 0 && /WenQuanYi Micro Hei/i.test(r.stdout) ? 'WenQuanYi Micro Hei' : null
    },
    ffmpeg: () => {
      if (env.FFMPEG_PATH) return isExecutable(env.FFMPEG_PATH) ? env.FFMPEG_PATH : null
      return onPath('ffmpeg', env)
    },
    isRoot: () => process.getuid?.() === 0,
    hasAptGet: () => onPath('apt-get', env) !== null,
  }
}

/** The prerequisites of a run ('unit', 'e2e' or undefined for both) that the machine lacks. */
export function missingPrerequisites(probes, only) {
  return PREREQUISITES.filter((p) => (only ? p.scopes.includes(only) : true) && !probes[p.id]())
}

/** The apt-get command that installs these prerequisites. */
export function installCommand(missing, { sudo = false, quiet = false } = {}) {
  const packages = missing.map((p) => p.debian).join(' ')
  const q = quiet ? ' -qq' : ''
  return sudo
    ? `sudo apt-get update && sudo apt-get install -y ${packages}`
    : `apt-get update${q} && DEBIAN_FRONTEND=noninteractive apt-get install -y${q} ${packages}`
}

/**
 * What to do about missing prerequisites: nothing, install them (root with apt-get), or stop with
 * a message that says what is missing and the command that installs it.
 */
export function setupPlan(missing, { isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' }
  if (isRoot && hasAptGet) return { action: 'install', command: installCommand(missing, { quiet: true }) }
  return { action: 'stop', message: stopMessage(missing, { isRoot, hasAptGet }) }
}

export function stopMessage(missing, { isRoot, hasAptGet }) {
  const lines = [`npm test cannot run here: missing ${missing.map((p) => p.what).join(', ')}.`]
  if (hasAptGet) lines.push('Install with:', `  ${installCommand(missing, { sudo: !isRoot })}`)
  else
    lines.push(
      "Install with this system's package manager",
      `(the Debian packages: ${missing.map((p) => p.debian).join(' ')}).`,
    )
  if (missing.some((p) => p.id === 'chromium'))
    lines.push(`Chromium elsewhere than ${DEFAULT_CHROMIUM}: set CHROMIUM_PATH to its executable.`)
  lines.push('Then run npm test again.')
  return lines.join('\n')
}

/**
 * Checks the prerequisites of a run and installs missing ones when it may. Returns `ok` and the
 * environment the tests should run with (the Chromium found), or the message to stop with.
 */
export function ensurePrerequisites({
  only,
  probes = machineProbes(),
  install = (command) => spawnSync('bash', ['-c', command], { stdio: 'inherit' }).status ?? 1,
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  let missing = missingPrerequisites(probes, only)
  const plan = setupPlan(missing, { isRoot: probes.isRoot(), hasAptGet: probes.hasAptGet() })
  if (plan.action === 'stop') return { ok: false, message: plan.message }
  if (plan.action === 'install') {
    log(`Installing what the tests need: ${plan.command}`)
    install(plan.command)
    missing = missingPrerequisites(probes, only)
    if (missing.length > 0)
      return {
        ok: false,
        message: `The installation did not provide everything.\n${stopMessage(missing, { isRoot: true, hasAptGet: true })}`,
      }
  }
  const chromium = only === 'unit' ? null : probes.chromium()
  return { ok: true, env: chromium ? { CHROMIUM_PATH: chromium } : {} }
}
