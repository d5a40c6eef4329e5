import { validationMessages } from '@app/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as materialApi from '../../../api/material'
import { i18n } from '../../../i18n'
import { makeMaterial } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/testUtils'
import type { SentenceDraft } from './MassSendForm'
import { MassSendSentenceList, moved } from './MassSendSentenceList'

vi.mock('../../../api/material')

const text = (key: string, t: string): SentenceDraft => ({
  key,
  sentence: { type: 'text', text: t },
  values: { type: 'text', name: '', groupId: null, enabled: true, text: t },
})

let latest: SentenceDraft[] = []
function Harness({ initial }: { initial: SentenceDraft[] }) {
  const [value, setValue] = useState(initial)
  latest = value
  return <MassSendSentenceList value={value} onChange={setValue} />
}

const order = () => latest.map((d) => (d.sentence.type === 'text' ? d.sentence.text : d.sentence.type))

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
})
afterEach(() => i18n.changeLanguage('zh'))

describe('sentence list', { timeout: 30_000 }, () => {
  it('moves an item one place, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
  })

  it('reorders with up and down, removes, and keeps the ends still', async () => {
    renderWithProviders(<Harness initial={[text('a', 'First'), text('b', 'Second'), text('c', 'Third')]} />)
    expect(screen.getByTestId('mass-send-sentence-up-0')).toBeDisabled()
    expect(screen.getByTestId('mass-send-sentence-down-2')).toBeDisabled()

    fireEvent.click(screen.getByTestId('mass-send-sentence-down-0'))
    expect(order()).toEqual(['Second', 'First', 'Third'])
    fireEvent.click(screen.getByTestId('mass-send-sentence-up-2'))
    expect(order()).toEqual(['Second', 'Third', 'First'])
    expect(screen.getByTestId('mass-send-sentence-0')).toHaveTextContent('1Text')
    expect(screen.getByTestId('mass-send-sentence-summary-2')).toHaveTextContent('First')

    fireEvent.click(screen.getByTestId('mass-send-sentence-remove-1'))
    expect(order()).toEqual(['Second', 'First'])
  })

  it('changes a sentence in place and adds a material after it', async () => {
    const material = makeMaterial({
      id: 12,
      name: 'Catalogue',
      content: { type: 'text', text: 'Our catalogue' },
    })
    vi.mocked(materialApi.pageMaterials).mockResolvedValue({ list: [material], total: 1 })
    vi.mocked(materialApi.materialTypeCounts).mockResolvedValue([])
    vi.mocked(materialApi.listMaterialGroups).mockResolvedValue([])
    renderWithProviders(<Harness initial={[text('a', 'First'), text('b', 'Second')]} />)

    fireEvent.click(screen.getByTestId('mass-send-sentence-edit-1'))
    const area = await screen.findByTestId('mass-send-sentence-text')
    await waitFor(() => expect(area).toHaveValue('Second'))
    fireEvent.change(area, { target: { value: 'Second, changed' } })
    fireEvent.click(screen.getByTestId('mass-send-sentence-save'))
    await waitFor(() => expect(order()).toEqual(['First', 'Second, changed']))

    fireEvent.click(screen.getByTestId('mass-send-sentence-add'))
    fireEvent.click(await screen.findByTestId('mass-send-sentence-type-material'))
    fireEvent.click(screen.getByTestId('mass-send-sentence-pick'))
    fireEvent.click(await screen.findByTestId('material-pick-12'))
    await waitFor(() =>
      expect(screen.getByTestId('mass-send-sentence-picked')).toHaveTextContent('Catalogue'),
    )
    fireEvent.click(screen.getByTestId('mass-send-sentence-save'))
    await waitFor(() => expect(latest).toHaveLength(3))
    expect(latest[2]?.sentence).toEqual({ type: 'material', materialId: 12 })
    expect(screen.getByTestId('mass-send-sentence-summary-2')).toHaveTextContent('Catalogue · Our catalogue')
  })

  it('refuses an empty text with the material rule', async () => {
    renderWithProviders(<Harness initial={[]} />)
    fireEvent.click(screen.getByTestId('mass-send-sentence-add'))
    await screen.findByTestId('mass-send-sentence-text')
    fireEvent.click(screen.getByTestId('mass-send-sentence-save'))
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')).toHaveTextContent(
        validationMessages.en['material.textRequired'],
      ),
    )
    expect(latest).toHaveLength(0)
  })
})
