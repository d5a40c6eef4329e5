import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n'
import { renderWithProviders } from '../test/testUtils'
import { NamedItemTable, type NamedItemTableProps } from './NamedItemTable'

interface Row {
  id: number
  name: string
  createdAt: number
  memberCount: number
}

const rows: Row[] = [
  { id: 1, name: 'Sales', createdAt: Date.UTC(2026, 0, 2), memberCount: 3 },
  { id: 2, name: 'Support', createdAt: Date.UTC(2026, 0, 3), memberCount: 0 },
]

function renderTable(over: Partial<NamedItemTableProps<Row>> = {}) {
  const props: NamedItemTableProps<Row> = {
    testIdPrefix: 'team',
    rows,
    loading: false,
    pagination: false,
    titles: { name: 'Team', count: 'Members', createdAt: 'Created' },
    count: { of: (row) => row.memberCount, width: 120, align: 'right' },
    createdAtWidth: 200,
    editText: 'Rename',
    deleteText: (row) => (row.memberCount ? `${row.name} has members` : `Delete ${row.name}?`),
    onEdit: vi.fn(),
    onDelete: vi.fn(() => Promise.resolve()),
    ...over,
  }
  renderWithProviders(<NamedItemTable<Row> {...props} />)
  return props
}

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('NamedItemTable', () => {
  it('shows name, count and creation time under the given titles, with a row test id by name', () => {
    renderTable()
    const table = screen.getByTestId('team-table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Team', 'Members', 'Created', 'Actions'])
    const sales = screen.getByTestId('team-row-Sales')
    expect(sales).toHaveTextContent('Sales')
    expect(sales).toHaveTextContent('3')
    expect(sales).toHaveTextContent('2026-01-02')
  })

  it('marks the search in the names', () => {
    renderTable({ keyword: 'sup' })
    expect(screen.getByTestId('team-row-Support').querySelector('mark')).toHaveTextContent('Sup')
    expect(screen.getByTestId('team-row-Sales').querySelector('mark')).toBeNull()
  })

  it("edits with the page's word, and asks before deleting in the row's own words", async () => {
    const props = renderTable()
    expect(screen.getByTestId('team-edit-1')).toHaveTextContent('Rename')
    fireEvent.click(screen.getByTestId('team-edit-2'))
    expect(props.onEdit).toHaveBeenCalledWith(rows[1])
    fireEvent.click(screen.getByTestId('team-delete-1'))
    expect(await screen.findByText('Sales has members')).toBeInTheDocument()
    expect(props.onDelete).not.toHaveBeenCalled()
  })
})
