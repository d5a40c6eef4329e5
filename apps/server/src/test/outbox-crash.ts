import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

// The child is a real server process (node + tsx with the source condition) over the test's SQLite file.
const ROOT = path.resolve(import.meta.dirname, '../../../..')
const CHILD = path.resolve(import.meta.dirname, 'outbox-crash-child.ts')

/**
 * Start the server process over `dir`; resolves once it printed READY (accounts resumed, engines
 * on). `overrides` replace its settings; an undefined value leaves the setting to its default.
 */
export function startServerProcess(
  dir: string,
  run: number,
  overrides: Record<string, string | undefined> = {},
): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CRASH_DIR: dir,
    CRASH_SEED: String(1000 + run),
    OUTBOX_LEASE_MS: '1500',
    OUTBOX_POLL_MS: '20',
    OUTBOX_SEND_TIMEOUT_MS: '1000',
    SEND_RATE_PER_MINUTE: '1000000',
    SEND_BURST: '1000000',
  }
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete env[k]
    else env[k] = v
  }
  const p = spawn(process.execPath, ['--conditions=@app/source', '--import', 'tsx', CHILD], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  p.stderr?.on('data', (d) => {
    err += String(d)
  })
  return new Promise((resolve, reject) => {
    p.stdout?.on('data', (d) => {
      if (String(d).includes('READY')) resolve(p)
    })
    p.once('exit', (code) =>
      reject(new Error(`server process ${run} exited (${code}) before it was ready:\n${err}`)),
    )
  })
}

/** SIGKILL: no shutdown hook runs, nothing is flushed. */
export function killHard(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    p.once('exit', () => resolve())
    p.kill('SIGKILL')
  })
}
