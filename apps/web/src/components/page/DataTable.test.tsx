import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Button } from 'antd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n'
import { renderWithProviders } from '../../test/testUtils'
import { DataTable } from './DataTable'
import { EmptyState } from './EmptyState'
import { actionsWidth, headerWidth, type PageColumn, scrollWidth, toTableColumns } from './tableColumns'

interface Row {
  id: number
  name: string
  note: string
  proxy: string
}

const rows: Row[] = [
  {
    id: 1,
    name: 'Alpha',
    note: 'a very long note that will not fit in its cell',
    proxy: 'socks5://1.2.3.4:1080',
  },
  { id: 2, name: 'Beta', note: '', proxy: '' },
]

const columns: PageColumn<Row>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', width: 120, alwaysShown: true },
  { key: 'note', title: 'Note', dataIndex: 'note', width: 100, ellipsis: true },
  { key: 'proxy', title: 'Proxy', dataIndex: 'proxy', width: 160, hiddenByDefault: true },
  {
    key: 'actions',
    title: 'Actions',
    width: 120,
    actions: true,
    render: (_, r) => <Button data-testid={`edit-${r.id}`}>Edit</Button>,
  },
]

const headers = () =>
  within(screen.getByTestId('things'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent)

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('table columns', () => {
  it('never gives a column less than its header, and scrolls by the sum of the widths', () => {
    const [name] = toTableColumns<Row>([{ key: 'n', title: '最后消息时间', width: 40 }])
    expect(name?.width).toBe(headerWidth('最后消息时间'))
    expect(headerWidth('最后消息时间')).toBeGreaterThan(headerWidth('Name'))
    expect(scrollWidth(columns, false)).toBe(120 + 100 + 160 + 120)
    expect(scrollWidth(columns, true)).toBe(120 + 100 + 160 + 120 + 48)
  })

  it('fixes the action column on the right and keeps its cells on one line', () => {
    const actions = toTableColumns(columns).at(-1)
    expect(actions?.fixed).toBe('right')
    expect(actions?.onCell?.(rows[0] as Row, 0)).toMatchObject({ style: { whiteSpace: 'nowrap' } })
  })

  it('cuts long cells with its own tooltip instead of the title attribute', async () => {
    renderWithProviders(
      <DataTable<Row> rowKey="id" columns={columns} dataSource={rows} data-testid="things" />,
    )
    const cell = screen.getByText('a very long note that will not fit in its cell')
    expect(cell.closest('td')).toHaveClass('ant-table-cell-ellipsis')
    expect(cell.closest('td')).not.toHaveAttribute('title')
    fireEvent.mouseEnter(cell)
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('a very long note'))
  })
})

describe('DataTable', () => {
  it('always says the total, on a single page too', () => {
    renderWithProviders(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={{ current: 1, pageSize: 10, total: 2 }}
        data-testid="things"
      />,
    )
    expect(screen.getByText('2 in total')).toBeInTheDocument()
  })

  it('says the total in Chinese as 共 N 条', async () => {
    await i18n.changeLanguage('zh')
    renderWithProviders(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={{ total: 57 }}
        data-testid="things"
      />,
    )
    expect(screen.getByText('共 57 条')).toBeInTheDocument()
  })

  it('shows the page its empty state', () => {
    renderWithProviders(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={[]}
        empty={
          <EmptyState title="No things" hint="Add one" action={{ label: 'Add thing', onClick: vi.fn() }} />
        }
        data-testid="things"
      />,
    )
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No things')
    expect(screen.getByRole('button', { name: 'Add thing' })).toBeInTheDocument()
  })

  it('lets the user choose the columns of a wide table and remembers the choice per table', async () => {
    const ui = (
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        chooserKey="things"
        data-testid="things"
      />
    )
    const { unmount } = renderWithProviders(ui)
    expect(headers()).toEqual(['Name', 'Note', 'Actions'])
    fireEvent.click(screen.getByTestId('things-columns'))
    const options = await screen.findByTestId('things-columns-options')
    // the row's name and its actions are not choosable
    expect(within(options).getAllByRole('checkbox')).toHaveLength(2)
    fireEvent.click(within(options).getByLabelText('Proxy'))
    fireEvent.click(within(options).getByLabelText('Note'))
    await waitFor(() => expect(headers()).toEqual(['Name', 'Proxy', 'Actions']))
    expect(JSON.parse(localStorage.getItem('tableColumns:things') ?? '{}')).toEqual({
      proxy: true,
      note: false,
    })
    unmount()
    renderWithProviders(ui)
    expect(headers()).toEqual(['Name', 'Proxy', 'Actions'])
  })

  it('puts the columns back to their defaults', async () => {
    localStorage.setItem('tableColumns:things', JSON.stringify({ proxy: true, note: false }))
    renderWithProviders(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        chooserKey="things"
        data-testid="things"
      />,
    )
    expect(headers()).toEqual(['Name', 'Proxy', 'Actions'])
    fireEvent.click(screen.getByTestId('things-columns'))
    fireEvent.click(await screen.findByRole('button', { name: 'Reset to default' }))
    await waitFor(() => expect(headers()).toEqual(['Name', 'Note', 'Actions']))
    expect(localStorage.getItem('tableColumns:things')).toBeNull()
  })
})

describe('actionsWidth', () => {
  it('grows with the labels and their icons, so longer words get a wider cell', () => {
    const zh = actionsWidth(['重新连接', '删除'])
    const en = actionsWidth(['Reconnect now', 'Delete'])
    expect(en).toBeGreaterThan(zh)
    expect(actionsWidth(['删除'], { icons: true })).toBeGreaterThan(actionsWidth(['删除']))
  })
})

describe('DataTable on a phone', () => {
  it('fixes no column, so the row scrolls as one', () => {
    // the test window matches no media query: it is a phone to antd
    renderWithProviders(
      <DataTable<Row> rowKey="id" columns={columns} dataSource={rows} data-testid="things" />,
    )
    expect(document.querySelector('.ant-table-cell-fix-right')).toBeNull()
  })
})
