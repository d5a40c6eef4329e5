import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { type ManagedUserRow, UserListTable, type UserListTableProps } from './UserListTable'
import { UserListToolbar } from './UserListToolbar'

interface Row extends ManagedUserRow {
  nickname: string
}

const ann: Row = { id: 1, username: 'ann', nickname: 'Ann', status: 0 }
const bob: Row = {
  id: 2,
  username: 'bob',
  nickname: 'Bob',
  status: 1,
  can: { edit: false, resetPassword: false, delete: false, changeStatus: false },
}

function renderTable(over: Partial<UserListTableProps<Row>> = {}) {
  const props: UserListTableProps<Row> = {
    testIdPrefix: 'person',
    rows: [ann, bob],
    loading: false,
    pagination: false,
    scrollX: 800,
    columns: [{ title: 'Nickname', dataIndex: 'nickname' }],
    statusWidth: 80,
    actionsWidth: 260,
    invalidate: ['people'],
    setStatus: vi.fn(() => Promise.resolve()),
    remove: vi.fn(() => Promise.resolve()),
    resetPassword: vi.fn(() => Promise.resolve()),
    deleteText: (row) => `Delete ${row.username}?`,
    onEdit: vi.fn(),
    ...over,
  }
  renderWithProviders(<UserListTable<Row> {...props} />)
  return props
}

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('UserListTable', () => {
  it("shows the page's columns, then the status switch and the actions, with test ids by prefix", () => {
    renderTable()
    const table = screen.getByTestId('person-table')
    expect(within(table).getByText('Ann')).toBeInTheDocument()
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Nickname', 'Status', 'Actions'])
    expect(screen.getByTestId('person-status-1')).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByTestId('person-status-2')).toHaveAttribute('aria-checked', 'false')
  })

  it('follows what the server allows per row; a row without flags allows everything', () => {
    renderTable()
    for (const action of ['edit', 'reset', 'delete']) {
      expect(screen.getByTestId(`person-${action}-1`)).toBeEnabled()
      expect(screen.getByTestId(`person-${action}-2`)).toBeDisabled()
    }
    expect(screen.getByTestId('person-status-1')).toBeEnabled()
    expect(screen.getByTestId('person-status-2')).toBeDisabled()
  })

  it('switches a user off and on with the status values', async () => {
    const props = renderTable()
    fireEvent.click(screen.getByTestId('person-status-1'))
    await waitFor(() => expect(props.setStatus).toHaveBeenCalledWith(ann, 1))
  })

  it('edits through the page, with its own buttons between edit and reset password', () => {
    const props = renderTable({
      extraActions: (row) => <button type="button" data-testid={`person-bind-${row.id}`} />,
    })
    fireEvent.click(screen.getByTestId('person-edit-1'))
    expect(props.onEdit).toHaveBeenCalledWith(ann)
    const buttons = Array.from(screen.getByTestId('person-edit-1').parentElement?.children ?? []).map((b) =>
      b.getAttribute('data-testid'),
    )
    expect(buttons).toEqual(['person-edit-1', 'person-bind-1', 'person-reset-1', 'person-delete-1'])
  })

  it('resets a password typed twice, for the row it was opened on', async () => {
    const props = renderTable()
    fireEvent.click(screen.getByTestId('person-reset-1'))
    fireEvent.change(await screen.findByTestId('password-reset-input'), { target: { value: 'Strong2468x' } })
    fireEvent.change(screen.getByTestId('password-reset-confirm'), { target: { value: 'Strong2468x' } })
    fireEvent.click(screen.getByTestId('password-reset-save'))
    await waitFor(() => expect(props.resetPassword).toHaveBeenCalledWith(1, 'Strong2468x'))
  })

  it("asks before deleting, in the page's words", async () => {
    const props = renderTable()
    fireEvent.click(screen.getByTestId('person-delete-1'))
    expect(await screen.findByText('Delete ann?')).toBeInTheDocument()
    expect(props.remove).not.toHaveBeenCalled()
  })
})

describe('UserListToolbar', () => {
  it('searches with the trimmed name, shows its filters and creates', async () => {
    const onSearch = vi.fn()
    const onCreate = vi.fn()
    renderWithProviders(
      <UserListToolbar
        testIdPrefix="person"
        searchWidth={240}
        statusWidth={120}
        status={undefined}
        onSearch={onSearch}
        onStatus={vi.fn()}
        filters={<span data-testid="extra-filter" />}
        createText="New person"
        onCreate={onCreate}
      />,
    )
    // the test id sits on the search box's wrapper
    const box = screen.getByTestId('person-search')
    const search = box.querySelector('input') as HTMLInputElement
    fireEvent.change(search, { target: { value: '  ann ' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(onSearch).toHaveBeenCalledWith('ann')
    expect(screen.getByTestId('extra-filter')).toBeInTheDocument()
    fireEvent.click(screen.getByTestId('person-create'))
    expect(onCreate).toHaveBeenCalled()
    expect(screen.getByTestId('person-create')).toHaveTextContent('New person')
  })
})
