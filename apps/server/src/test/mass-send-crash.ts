import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../../../..')
const CHILD = path.resolve(import.meta.dirname, 'mass-send-crash-child.ts')

/** Start the mass-send server process over `dir`; resolves once it printed READY (accounts resumed, engines on). */
export function startMassServer(dir: string, run: number): Promise<ChildProcess> {
  const env = {
    ...process.env,
    CRASH_DIR: dir,
    CRASH_SEED: String(2000 + run),
    OUTBOX_LEASE_MS: '1500',
    OUTBOX_POLL_MS: '20',
    OUTBOX_SEND_TIMEOUT_MS: '1000',
    SEND_RATE_PER_MINUTE: '1000000',
    SEND_BURST: '1000000',
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
