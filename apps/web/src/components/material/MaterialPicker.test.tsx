import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/material'
import { i18n } from '../../i18n'
import { makeMaterial } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import { MaterialPicker } from './MaterialPicker'

vi.mock('../../api/material')

const greeting = makeMaterial({ id: 1, name: 'Greeting' })
const card = makeMaterial({
  id: 2,
  name: 'Hotline',
  type: 'card',
  content: { type: 'card', contactName: 'Support', contactPhone: '+86 13800000000' },
})
const old = makeMaterial({ id: 3, name: 'Old offer', enabled: false })

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageMaterials).mockResolvedValue({ list: [greeting, card, old], total: 3 })
  vi.mocked(api.materialTypeCounts).mockResolvedValue([
    { type: 'text', count: 2 },
    { type: 'card', count: 1 },
  ])
  vi.mocked(api.listMaterialGroups).mockResolvedValue([
    { id: 4, ownerType: 1, name: 'Promotions', materialCount: 2, createdAt: 1 },
  ])
})
afterEach(() => i18n.changeLanguage('zh'))

const lastQuery = () => vi.mocked(api.pageMaterials).mock.lastCall?.[0]
async function choose(testId: string, title: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'))
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title,
    )
    if (!found) throw new Error(`option ${title} not shown`)
    return found
  })
  fireEvent.click(option)
}

describe('MaterialPicker', { timeout: 30_000 }, () => {
  it('shows enabled message materials of the public library, with previews of their content', async () => {
    renderWithProviders(<MaterialPicker open onClose={vi.fn()} onPick={vi.fn()} />)
    const picker = await screen.findByTestId('material-picker')
    expect(await within(picker).findByTestId('material-pick-2')).toHaveTextContent('Support +86 13800000000')
    expect(lastQuery()).toEqual({
      ownerType: 1,
      usage: 'message',
      pageNo: 1,
      pageSize: 12,
      type: undefined,
      groupId: undefined,
      name: undefined,
      enabled: true,
    })
    expect(within(picker).getByTestId('material-pick-1')).toHaveTextContent('Hello, how can we help?')
  })

  it('filters by type, group, name, enabled flag and library', async () => {
    renderWithProviders(<MaterialPicker open onClose={vi.fn()} onPick={vi.fn()} />)
    await screen.findByTestId('material-pick-1')
    await choose('material-type-filter', 'Contact card (1)')
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: 'card', pageNo: 1 }))
    await choose('material-group-filter', 'Promotions (2)')
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: 'card', groupId: 4 }))
    const search = within(screen.getByTestId('material-search')).getByRole('searchbox')
    fireEvent.change(search, { target: { value: ' hot ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' })
    await waitFor(() => expect(lastQuery()).toMatchObject({ name: 'hot' }))
    fireEvent.click(screen.getByTestId('material-picker-enabled-only'))
    await waitFor(() => expect(lastQuery()).toMatchObject({ enabled: undefined, name: 'hot' }))

    fireEvent.click(screen.getByRole('tab', { name: 'My materials' }))
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({
        ownerType: 2,
        type: undefined,
        groupId: undefined,
        name: undefined,
      }),
    )
    await waitFor(() => expect(api.listMaterialGroups).toHaveBeenCalledWith(2))
  })

  it('hands the picked material over and closes; a disabled one cannot be picked', async () => {
    const onPick = vi.fn()
    const onClose = vi.fn()
    renderWithProviders(<MaterialPicker open onClose={onClose} onPick={onPick} />)
    const disabled = await screen.findByTestId('material-pick-3')
    expect(disabled).toHaveTextContent('Disabled')
    fireEvent.click(disabled)
    expect(onPick).not.toHaveBeenCalled()

    fireEvent.click(screen.getByTestId('material-pick-2'))
    expect(onPick).toHaveBeenCalledWith(card)
    expect(onClose).toHaveBeenCalled()
  })

  it('previews a material without picking it', async () => {
    const onPick = vi.fn()
    renderWithProviders(<MaterialPicker open onClose={vi.fn()} onPick={onPick} />)
    fireEvent.click(await screen.findByTestId('material-picker-preview-2'))
    const preview = await screen.findByTestId('preview-card')
    expect(preview).toHaveTextContent('Support')
    expect(onPick).not.toHaveBeenCalled()
  })
})
