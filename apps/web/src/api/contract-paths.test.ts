import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const src = path.resolve(import.meta.dirname, '..')

function sources(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sources(p)
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return []
    return [{ file: path.relative(src, p), text: fs.readFileSync(p, 'utf8') }]
  })
}

/** An API path written in the web's source: the contracts in core hold every one. */
const literalPaths = (files: { file: string; text: string }[]): string[] =>
  files.filter((f) => /['"`]\/damai\//.test(f.text)).map((f) => f.file)

describe('the web calls the server only through the endpoint contracts', () => {
  it('writes no /damai/ path of its own', () => {
    expect(literalPaths(sources(src))).toEqual([])
  })

  it('would catch a page that writes one', () => {
    expect(
      literalPaths([
        { file: 'pages/x/index.tsx', text: "http.post('/damai/customer/label/page', q)" },
        { file: 'api/label.ts', text: 'call(labelEndpoints.page, q)' },
      ]),
    ).toEqual(['pages/x/index.tsx'])
  })
})
