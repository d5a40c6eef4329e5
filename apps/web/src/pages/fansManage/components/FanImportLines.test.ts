import { describe, expect, it } from 'vitest'
import { importBatches, importFileProblem, linesOfCsv, linesOfText } from './FanImportLines'

describe('import lines', () => {
  it('takes one phone a line from pasted text, blank lines left out', () => {
    expect(linesOfText(' 447700900101 \r\n\n+44 7700 900102\n  \n')).toEqual([
      '447700900101',
      '+44 7700 900102',
    ])
  })

  it("takes each CSV row's first filled cell and drops a header row", () => {
    const csv = 'phone,name\n447700900101,Ann\n,447700900102\n"+44 7700 900103",Cy\n\n'
    expect(linesOfCsv(csv)).toEqual(['447700900101', '447700900102', '+44 7700 900103'])
    expect(linesOfCsv('447700900101;x\n447700900102;y')).toEqual(['447700900101', '447700900102'])
  })

  it('refuses files that are not .txt or .csv, or too large, before reading them', () => {
    expect(importFileProblem({ name: 'list.xlsx', size: 10 })).toBe('fileType')
    expect(importFileProblem({ name: 'list.CSV', size: 600 * 1024 })).toBe('fileTooLarge')
    expect(importFileProblem({ name: 'list.txt', size: 10 })).toBeNull()
  })

  it('cuts the lines into the batches the server takes', () => {
    const lines = Array.from({ length: 45 }, (_, i) => String(i))
    expect(importBatches(lines).map((b) => b.length)).toEqual([20, 20, 5])
  })
})
