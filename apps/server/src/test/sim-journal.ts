import fs from 'node:fs'
import type { SimMessage } from '../gateway/simulator/types.js'
import type { SimWorld } from '../gateway/simulator/world.js'

/** One message as the journal keeps it (text bodies only: what the crash test sends). */
export interface JournalLine {
  id: string
  from: string
  to: string
  text: string
  via: boolean
  at: number
}

export function readJournal(file: string): JournalLine[] {
  if (!fs.existsSync(file)) return []
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as JournalLine)
}

/**
 * Makes the simulated network's messages survive a SIGKILL of the process that holds it: every
 * message the world takes is appended to a file (synchronously, in the same tick, so a kill can
 * never separate "on the network" from "in the journal"), and a new world replays the file at
 * start. The world then knows every id it ever carried and dedupes a resend by id, as WhatsApp
 * does. Test-only: the simulator keeps its network in memory (see the report).
 */
export function persistWorld(world: SimWorld, file: string): void {
  const add = world.addMessage.bind(world)
  for (const l of readJournal(file)) {
    world.ensurePhone(l.from)
    world.ensurePhone(l.to)
    const m: SimMessage = {
      id: l.id,
      chat: world.directKey(l.from, l.to),
      from: l.from,
      to: l.to,
      body: { kind: 'text', text: l.text },
      timestamp: l.at,
      receipts: new Map([[l.to, 'delivered']]),
      viaDevice: l.via,
    }
    add(m, [l.from, l.to])
  }
  world.addMessage = (m, members) => {
    add(m, members)
    const line: JournalLine = {
      id: m.id,
      from: m.from,
      to: m.to,
      text: m.body.kind === 'text' ? m.body.text : `[${m.body.kind}]`,
      via: Boolean(m.viaDevice),
      at: m.timestamp,
    }
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`)
  }
}
