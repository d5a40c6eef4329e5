// Runs the benchmarks under bench/ (all, or the names given: `npm run bench -- inbound`).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const dir = path.resolve(import.meta.dirname, '../bench')
const wanted = process.argv.slice(2)
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
const names = wanted.length ? wanted : all
let failed = 0
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`no benchmark bench/${name}.ts (have: ${all.join(', ')})`)
    process.exit(2)
  }
  console.log(`\n== bench/${name}.ts`)
  const r = spawnSync('npx', ['tsx', '--conditions=@app/source', path.join(dir, `${name}.ts`)], {
    stdio: 'inherit',
    env: process.env,
  })
  if (r.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
