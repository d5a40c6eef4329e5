import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Form, Input, Select } from 'antd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { FilterBar, FilterItem } from './FilterBar'

interface Values {
  phone?: string
  status?: string
}

function Bar({ onSearch, onReset }: { onSearch: (v: Values) => void; onReset?: () => void }) {
  const [form] = Form.useForm<Values>()
  return (
    <FilterBar<Values>
      form={form}
      name="things"
      initialValues={{ status: 'on' }}
      onSearch={onSearch}
      onReset={onReset}
      testId="things-filters"
      buttonTestIdPrefix="things-filter"
    >
      <FilterItem name="phone" label="Phone">
        <Input />
      </FilterItem>
      <FilterItem name="status" label="Status">
        <Select
          options={[
            { value: 'on', label: 'On' },
            { value: 'off', label: 'Off' },
          ]}
        />
      </FilterItem>
    </FilterBar>
  )
}

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('FilterBar', () => {
  it('labels every control, select included, so it has a name without a placeholder', () => {
    renderWithProviders(<Bar onSearch={vi.fn()} />)
    expect(screen.getByLabelText('Phone')).toBeInstanceOf(HTMLInputElement)
    expect(screen.getByLabelText('Status')).toHaveAttribute('role', 'combobox')
    expect(screen.getByRole('search', { name: 'Filters' })).toBeInTheDocument()
  })

  it('searches with the values and resets to the first ones, searching again', async () => {
    const onSearch = vi.fn()
    renderWithProviders(<Bar onSearch={onSearch} />)
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '4477' } })
    fireEvent.click(screen.getByRole('button', { name: /Search/ }))
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ phone: '4477', status: 'on' }))
    fireEvent.click(screen.getByTestId('things-filter-reset'))
    expect(onSearch).toHaveBeenLastCalledWith({ phone: undefined, status: 'on' })
    expect(screen.getByLabelText('Phone')).toHaveValue('')
  })

  it('says 查询 and 重置 in Chinese, and leaves the reset to the page when it asks', async () => {
    await i18n.changeLanguage('zh')
    const onSearch = vi.fn()
    const onReset = vi.fn()
    renderWithProviders(<Bar onSearch={onSearch} onReset={onReset} />)
    expect(screen.getByTestId('things-filter-submit')).toHaveTextContent(/查\s*询/)
    fireEvent.click(screen.getByTestId('things-filter-reset'))
    expect(screen.getByTestId('things-filter-reset')).toHaveTextContent(/重\s*置/)
    expect(onReset).toHaveBeenCalledOnce()
    expect(onSearch).not.toHaveBeenCalled()
  })
})

describe('FilterItem with a test id', () => {
  it('wraps the control in the test id and keeps the label pointing at it', async () => {
    function Wrapped({ onSearch }: { onSearch: (v: Values) => void }) {
      const [form] = Form.useForm<Values>()
      return (
        <FilterBar<Values> form={form} name="wrapped" onSearch={onSearch}>
          <FilterItem name="phone" label="Phone" testId="wrapped-phone">
            <Input />
          </FilterItem>
        </FilterBar>
      )
    }
    const onSearch = vi.fn()
    renderWithProviders(<Wrapped onSearch={onSearch} />)
    const input = screen.getByTestId('wrapped-phone').querySelector('input') as HTMLInputElement
    expect(screen.getByLabelText('Phone')).toBe(input)
    fireEvent.change(input, { target: { value: '44' } })
    fireEvent.click(screen.getByRole('button', { name: /Search/ }))
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ phone: '44' }))
  })
})
