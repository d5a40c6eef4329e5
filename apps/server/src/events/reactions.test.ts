import { describe, expect, it } from 'vitest'
import { productSources, type Source } from '../test/structure/faces.js'

/** Comments and strings say what the code does; only code is checked. */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''")
}

/**
 * One way to react and one engine shape: in module source, a `use…(` setter call (one module
 * wiring itself into another; subscribe to a domain event instead) or a `setInterval` (a loop
 * outside `EngineLoop`, whose ticks can pile up) is a finding.
 */
export function reactionFindings(sources: Source[]): string[] {
  const found: string[] = []
  for (const { path, text } of sources) {
    if (!path.startsWith('modules/')) continue
    const code = codeOf(text)
    for (const m of code.matchAll(/\.\s*(use[A-Z]\w*)\s*\(/g)) found.push(`${path}: setter call ${m[1]}(`)
    for (const _ of code.matchAll(/\bsetInterval\s*\(/g))
      found.push(`${path}: setInterval outside EngineLoop`)
  }
  return found
}

describe('one way to react, one engine shape', () => {
  it('no module calls a use… setter or runs its own setInterval', () => {
    expect(reactionFindings(productSources())).toEqual([])
  })

  it('catches a planted setter call and a planted interval, not words in comments or strings', () => {
    const planted: Source[] = [
      {
        path: 'modules/x/x.module.ts',
        text: [
          'export function installX(deps) {',
          '  deps.inbound.useOptOutWords(words)',
          '  const timer = setInterval(() => tick(), 1000)',
          '  // deps.other.useSomething(x) and setInterval(f) in a comment',
          "  log.info('call .useThing( or setInterval( later')",
          '}',
        ].join('\n'),
      },
      // outside the modules: the loop itself and the link's own timers are not module source
      { path: 'engines/engine-loop.ts', text: 'setInterval(() => run(), 1)' },
    ]
    expect(reactionFindings(planted)).toEqual([
      'modules/x/x.module.ts: setter call useOptOutWords(',
      'modules/x/x.module.ts: setInterval outside EngineLoop',
    ])
  })
})
