import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/group'
import { renderWithProviders } from '../../../test/testUtils'
import { SystemGroupsSwitch } from './SystemGroupsSwitch'

vi.mock('../../../api/group')
vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => {
  vi.clearAllMocks()
  vi.mocked(api.systemGroupsSetting).mockResolvedValue({ show: true })
})

describe('SystemGroupsSwitch', () => {
  it("shows the user's choice and saves a change", async () => {
    vi.mocked(api.setSystemGroupsSetting).mockResolvedValue({ show: false })
    const onChange = vi.fn()
    renderWithProviders(<SystemGroupsSwitch onChange={onChange} />)
    const toggle = await screen.findByTestId('system-groups-switch')
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
    fireEvent.click(toggle)
    await waitFor(() => expect(api.setSystemGroupsSetting).toHaveBeenCalledWith(false))
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'))
    expect(onChange).toHaveBeenCalledWith(false)
  })
})
