import { Role } from '@app/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/material'
import { i18n } from '../../../i18n'
import { useSession } from '../../../stores/session'
import { makeMaterial } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/testUtils'
import DeskMaterialManagePage from './index'

vi.mock('../../../api/material')

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  useSession.setState({ roles: [Role.customerUser] })
  vi.mocked(api.pageMaterials).mockImplementation(async (q) => ({
    list: [
      q.ownerType === 2
        ? makeMaterial({ id: 7, ownerType: 2, ownerUserId: 20, name: 'My hello' })
        : makeMaterial({ id: 8, name: 'Company hello', can: { edit: false, delete: false } }),
    ],
    total: 1,
  }))
  vi.mocked(api.materialTypeCounts).mockResolvedValue([])
  vi.mocked(api.listMaterialGroups).mockResolvedValue([])
})
afterEach(async () => {
  useSession.setState({ roles: [] })
  await i18n.changeLanguage('zh')
})

describe('my materials on the desk', { timeout: 30_000 }, () => {
  it("manages the agent's own library", async () => {
    renderWithProviders(<DeskMaterialManagePage />)
    expect(await screen.findByTestId('material-row-7')).toHaveTextContent('My hello')
    expect(api.pageMaterials).toHaveBeenCalledWith(
      expect.objectContaining({ ownerType: 2, usage: 'message' }),
    )
    expect(screen.getByTestId('material-create')).toBeInTheDocument()
    expect(screen.getByTestId('material-edit-7')).toBeInTheDocument()
  })

  it('shows the public library read-only to an agent', async () => {
    renderWithProviders(<DeskMaterialManagePage />)
    await screen.findByTestId('material-row-7')
    fireEvent.click(screen.getByRole('tab', { name: 'Public materials' }))
    expect(await screen.findByTestId('material-row-8')).toHaveTextContent('Company hello')
    await waitFor(() =>
      expect(api.pageMaterials).toHaveBeenLastCalledWith(expect.objectContaining({ ownerType: 1 })),
    )
    expect(screen.queryByTestId('material-create')).toBeNull()
    expect(screen.queryByTestId('material-edit-8')).toBeNull()
    expect(screen.queryByTestId('material-delete-8')).toBeNull()
    expect(screen.getByTestId('material-enabled-8')).toBeDisabled()
    expect(screen.queryByTestId('material-enabled-filter')).toBeNull()
  })
})
