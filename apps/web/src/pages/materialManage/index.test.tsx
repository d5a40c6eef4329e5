import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/material'
import { i18n } from '../../i18n'
import { makeMaterial } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import AvatarMaterialPage from './avatar/index'
import MessageMaterialPage from './message/index'
import NicknameMaterialPage from './nickname/index'

vi.mock('../../api/material')

const text = makeMaterial({ id: 1, name: 'Greeting' })
const link = makeMaterial({
  id: 2,
  name: 'Catalogue',
  type: 'link',
  groupId: 4,
  groupName: 'Promotions',
  content: { type: 'link', title: 'Spring catalogue', link: 'https://example.com/c' },
})

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.pageMaterials).mockResolvedValue({ list: [text, link], total: 2 })
  vi.mocked(api.materialTypeCounts).mockResolvedValue([{ type: 'text', count: 1 }])
  vi.mocked(api.listMaterialGroups).mockResolvedValue([
    { id: 4, ownerType: 1, name: 'Promotions', materialCount: 1, createdAt: 1 },
  ])
  vi.mocked(api.setMaterialsEnabled).mockResolvedValue(null)
  vi.mocked(api.deleteMaterials).mockResolvedValue(null)
  vi.mocked(api.createMaterialGroup).mockResolvedValue({ id: 5 })
})
afterEach(() => i18n.changeLanguage('zh'))

describe('public material library (/materialManage)', { timeout: 30_000 }, () => {
  it('lists the message materials with type, content and group', async () => {
    renderWithProviders(<MessageMaterialPage />)
    const row = await screen.findByTestId('material-row-2')
    expect(row).toHaveTextContent('Image-text link')
    expect(row).toHaveTextContent('Spring catalogue')
    expect(row).toHaveTextContent('Promotions')
    expect(api.pageMaterials).toHaveBeenCalledWith({
      ownerType: 1,
      usage: 'message',
      pageNo: 1,
      pageSize: 10,
    })
  })

  it('asks for the nickname and avatar materials of their own tabs', async () => {
    renderWithProviders(<NicknameMaterialPage />)
    await screen.findByTestId('material-row-1')
    expect(api.pageMaterials).toHaveBeenLastCalledWith(expect.objectContaining({ usage: 'nickname' }))
    expect(screen.getByRole('tab', { name: 'Nickname materials', selected: true })).toBeInTheDocument()
    renderWithProviders(<AvatarMaterialPage />)
    await waitFor(() =>
      expect(api.pageMaterials).toHaveBeenLastCalledWith(expect.objectContaining({ usage: 'avatar' })),
    )
  })

  it('switches a material off, and several in batch', async () => {
    renderWithProviders(<MessageMaterialPage />)
    fireEvent.click(await screen.findByTestId('material-enabled-1'))
    await waitFor(() => expect(api.setMaterialsEnabled).toHaveBeenCalledWith([1], false))

    for (const id of [1, 2])
      fireEvent.click(within(screen.getByTestId(`material-row-${id}`)).getByRole('checkbox'))
    const batch = await screen.findByTestId('material-batch')
    expect(batch).toHaveTextContent('2 selected')
    fireEvent.click(within(batch).getByRole('button', { name: /Disable/ }))
    await waitFor(() => expect(api.setMaterialsEnabled).toHaveBeenLastCalledWith([1, 2], false))
  })

  it('deletes a material after the countdown', async () => {
    renderWithProviders(<MessageMaterialPage />)
    fireEvent.click(await screen.findByTestId('material-delete-2'))
    const dialog = (
      await screen.findByText('Delete the material "Catalogue"? This cannot be undone.')
    ).closest('.ant-modal') as HTMLElement
    const confirm = within(dialog).getByRole('button', { name: /Delete/ })
    expect(confirm).toBeDisabled()
    await waitFor(() => expect(confirm).toBeEnabled(), { timeout: 5000 })
    fireEvent.click(confirm)
    await waitFor(() => expect(api.deleteMaterials).toHaveBeenCalledWith([2]))
  })

  it('creates a group: no spaces, at most 20', async () => {
    renderWithProviders(<MessageMaterialPage />)
    fireEvent.click(await screen.findByTestId('material-groups'))
    expect(await screen.findByTestId('material-group-row-Promotions')).toHaveTextContent('1')
    fireEvent.click(screen.getByTestId('material-group-create'))
    const name = await screen.findByTestId('material-group-name')
    fireEvent.change(name, { target: { value: 'New arrivals' } })
    fireEvent.click(screen.getByTestId('material-group-save'))
    expect(
      await screen.findByText('The group name must not contain spaces', undefined, { timeout: 5000 }),
    ).toBeInTheDocument()
    fireEvent.change(name, { target: { value: 'G'.repeat(21) } })
    fireEvent.click(screen.getByTestId('material-group-save'))
    expect(
      await screen.findByText('The group name is at most 20 characters', undefined, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(api.createMaterialGroup).not.toHaveBeenCalled()
    fireEvent.change(name, { target: { value: 'NewArrivals' } })
    fireEvent.click(screen.getByTestId('material-group-save'))
    await waitFor(() => expect(api.createMaterialGroup).toHaveBeenCalledWith(1, 'NewArrivals'))
  })
})
