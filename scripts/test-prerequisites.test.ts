import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ensurePrerequisites, machineProbes } from './test-prerequisites.mjs'

type Machine = { chromium: boolean; font: boolean; ffmpeg: boolean; root: boolean; apt: boolean }

/** A machine made of answers; `install` gives it what was installed, when `works`. */
function fake(m: Machine, works = true) {
  const commands: string[] = []
  const probes = {
    chromium: () => (m.chromium ? '/usr/bin/chromium' : null),
    font: () => (m.font ? 'WenQuanYi Micro Hei' : null),
    ffmpeg: () => (m.ffmpeg ? '/usr/bin/ffmpeg' : null),
    isRoot: () => m.root,
    hasAptGet: () => m.apt,
  }
  const install = (command: string) => {
    commands.push(command)
    if (!works) return 100
    for (const [id, pkg] of [
      ['chromium', ' chromium'],
      ['font', 'fonts-wqy-microhei'],
      ['ffmpeg', 'ffmpeg'],
    ] as const)
      if (command.includes(pkg)) m[id] = true
    return 0
  }
  return { probes, install, commands, log: () => undefined }
}

const all = { chromium: true, font: true, ffmpeg: true, root: false, apt: true }

describe('what npm test needs from the machine', () => {
  it('goes on when everything is there, with the Chromium it found', () => {
    const f = fake({ ...all })
    expect(ensurePrerequisites(f)).toEqual({ ok: true, env: { CHROMIUM_PATH: '/usr/bin/chromium' } })
    expect(f.commands).toEqual([])
  })

  it('installs what is missing as root with apt-get, then goes on', () => {
    const f = fake({ ...all, chromium: false, font: false, root: true })
    expect(ensurePrerequisites(f)).toMatchObject({ ok: true })
    expect(f.commands).toEqual([
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei',
    ])
  })

  it('stops at once without root, with the command to run', () => {
    const f = fake({ ...all, chromium: false, ffmpeg: false })
    const r = ensurePrerequisites(f)
    expect(r.ok).toBe(false)
    expect(r.message).toContain('Chromium (or CHROMIUM_PATH), ffmpeg (or FFMPEG_PATH)')
    expect(r.message).toContain('sudo apt-get update && sudo apt-get install -y chromium ffmpeg')
    expect(r.message).toContain('CHROMIUM_PATH')
    expect(f.commands).toEqual([])
  })

  it('stops without apt-get, naming what to install', () => {
    const f = fake({ ...all, font: false, root: true, apt: false })
    const r = ensurePrerequisites(f)
    expect(r.ok).toBe(false)
    expect(r.message).toContain('the WenQuanYi Micro Hei font')
    expect(r.message).not.toContain('apt-get install')
    expect(f.commands).toEqual([])
  })

  it('stops when the installation did not provide everything', () => {
    const f = fake({ ...all, ffmpeg: false, root: true }, false)
    const r = ensurePrerequisites(f)
    expect(r).toMatchObject({ ok: false, message: expect.stringContaining('apt-get install -y ffmpeg') })
    expect(f.commands).toHaveLength(1)
  })

  it('asks a unit-only run for ffmpeg only', () => {
    const f = fake({ ...all, chromium: false, font: false })
    expect(ensurePrerequisites({ ...f, only: 'unit' })).toEqual({ ok: true, env: {} })
    expect(ensurePrerequisites({ ...f, only: 'e2e' })).toMatchObject({ ok: false })
  })

  it('looks for Chromium where CHROMIUM_PATH says, and for ffmpeg on the PATH', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prereq-'))
    try {
      const exe = path.join(dir, 'ffmpeg')
      fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 })
      const probes = machineProbes({ PATH: dir, CHROMIUM_PATH: path.join(dir, 'nonexistent') })
      expect(probes.chromium()).toBeNull()
      expect(probes.ffmpeg()).toBe(exe)
      expect(machineProbes({ PATH: dir, CHROMIUM_PATH: exe }).chromium()).toBe(exe)
      expect(machineProbes({ PATH: '/nonexistent' }).ffmpeg()).toBeNull()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
