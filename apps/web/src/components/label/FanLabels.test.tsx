import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../api/label'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { BatchLabelModal } from './BatchLabelModal'
import { FanLabels } from './FanLabels'

vi.mock('../../api/label')

const all = [
  { id: 1, name: 'VIP', fanCount: 3, createdAt: 1 },
  { id: 2, name: 'Lead', fanCount: 0, createdAt: 2 },
  { id: 3, name: 'Wholesale', fanCount: 1, createdAt: 3 },
]

beforeEach(async () => {
  vi.clearAllMocks()
  await i18n.changeLanguage('en')
  vi.mocked(api.fanLabels).mockResolvedValue([{ id: 1, name: 'VIP' }])
  vi.mocked(api.listLabels).mockResolvedValue(all)
  vi.mocked(api.addLabelsToFans).mockResolvedValue({ changed: 1 })
  vi.mocked(api.removeLabelsFromFans).mockResolvedValue({ changed: 1 })
  vi.mocked(api.createLabel).mockResolvedValue({ id: 9 })
})
afterEach(() => i18n.changeLanguage('zh'))

async function openAdd() {
  fireEvent.click(await screen.findByTestId('fan-label-add'))
  const select = await screen.findByTestId('fan-label-select')
  const input = within(select).getByRole('combobox')
  fireEvent.mouseDown(input)
  return input
}
const optionTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (o) => o.getAttribute('title') === title,
    )
    if (!found) throw new Error(`option ${title} not shown`)
    return found
  })

describe('FanLabels', { timeout: 20_000 }, () => {
  it("shows the customer's labels and removes one", async () => {
    renderWithProviders(<FanLabels fanId={42} />)
    const tag = await screen.findByTestId('fan-label-VIP')
    expect(api.fanLabels).toHaveBeenCalledWith(42)
    fireEvent.click(within(tag).getByLabelText('Remove label VIP'))
    await waitFor(() => expect(api.removeLabelsFromFans).toHaveBeenCalledWith([42], [1]))
    await waitFor(() => expect(api.fanLabels).toHaveBeenCalledTimes(2))
  })

  it('adds an existing label, offering only those not on the customer', async () => {
    renderWithProviders(<FanLabels fanId={42} />)
    await screen.findByTestId('fan-label-VIP')
    await openAdd()
    fireEvent.click(await optionTitled('Lead'))
    expect(document.querySelector('.ant-select-item-option[title="VIP"]')).toBeNull()
    await waitFor(() => expect(api.addLabelsToFans).toHaveBeenCalledWith([42], [2]))
    expect(api.createLabel).not.toHaveBeenCalled()
  })

  it('creates a typed label on the spot, but not a name the label rules refuse', async () => {
    renderWithProviders(<FanLabels fanId={42} />)
    await screen.findByTestId('fan-label-VIP')
    const input = await openAdd()
    fireEvent.change(input, { target: { value: 'bad name' } })
    const refused = await optionTitled('The label name must not contain spaces')
    expect(refused).toHaveClass('ant-select-item-option-disabled')
    fireEvent.click(refused)
    expect(api.createLabel).not.toHaveBeenCalled()

    fireEvent.change(input, { target: { value: 'Returning' } })
    fireEvent.click(await optionTitled('Create label "Returning"'))
    await waitFor(() => expect(api.createLabel).toHaveBeenCalledWith('Returning'))
    await waitFor(() => expect(api.addLabelsToFans).toHaveBeenCalledWith([42], [9]))
  })
})

describe('BatchLabelModal', { timeout: 20_000 }, () => {
  it('needs a label, then adds or removes the chosen labels on every customer', async () => {
    const onClose = vi.fn()
    renderWithProviders(<BatchLabelModal fanIds={[5, 6, 7]} open onClose={onClose} />)
    expect(await screen.findByText('3 customers selected')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('batch-label-ok'))
    expect(await screen.findByText('Choose the labels')).toBeInTheDocument()
    expect(api.addLabelsToFans).not.toHaveBeenCalled()

    fireEvent.click(screen.getByText('Remove labels'))
    fireEvent.mouseDown(within(screen.getByTestId('batch-label-select')).getByRole('combobox'))
    fireEvent.click(await optionTitled('Wholesale'))
    fireEvent.click(screen.getByTestId('batch-label-ok'))
    await waitFor(() => expect(api.removeLabelsFromFans).toHaveBeenCalledWith([5, 6, 7], [3]))
    expect(api.addLabelsToFans).not.toHaveBeenCalled()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })
})
