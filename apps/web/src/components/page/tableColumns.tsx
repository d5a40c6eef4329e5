import { Tooltip } from 'antd'
import type { ColumnType } from 'antd/es/table'
import type { ReactNode } from 'react'

/** A column of a list page: a key always, a width unless it takes what is left. */
export interface PageColumn<Row> extends Omit<ColumnType<Row>, 'ellipsis' | 'key' | 'title'> {
  key: string
  /** the header's text: it names the column in the chooser and sizes it */
  title: string
  /** what the header shows instead of the plain title (a title with a hint icon, say) */
  header?: ReactNode
  /** one line, cut with '…', the whole value in a tooltip */
  ellipsis?: boolean
  /** the tooltip's text of an ellipsis cell when the cell is not plain text */
  tooltip?: (row: Row) => ReactNode
  /** the row's buttons: fixed on the right, never wrapping, never hidden by the column chooser */
  actions?: boolean
  /** shown only when chosen in the column chooser */
  hiddenByDefault?: boolean
  /** kept out of the column chooser (the row's name, say) */
  alwaysShown?: boolean
}

/** The width a column without one counts for, and the least a header needs. */
const FLEX_COLUMN_WIDTH = 160
/** The selection checkboxes' column. */
const SELECTION_COLUMN_WIDTH = 48
const CELL_PADDING = 32

/**
 * Roughly how wide a text is: a CJK character is a full em, others about half of one (`latin`:
 * a little more for the headers' semibold letters).
 */
function textWidth(text: string, latin: number, fontSize = 14): number {
  let width = 0
  for (const ch of text) width += /[\u2E80-\u9FFF\uFF00-\uFFEF]/.test(ch) ? fontSize : fontSize * latin
  return Math.ceil(width)
}

/** The least width that shows a column's header whole. */
export const headerWidth = (title: string): number => textWidth(title, 0.62) + CELL_PADDING

const plain = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number'

const cellValue = <Row,>(row: Row, dataIndex: ColumnType<Row>['dataIndex']): unknown => {
  if (dataIndex === undefined || dataIndex === null) return undefined
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex]
  let v: unknown = row
  for (const k of path) v = v == null ? undefined : (v as Record<string | number, unknown>)[k as string]
  return v
}

/**
 * Columns as antd takes them: every width at least its header's, ellipsis cells with a tooltip
 * (antd's own title attribute off, so the tooltip is the only hint), the action column fixed on
 * the right with cells that do not wrap.
 */
export function toTableColumns<Row>(columns: PageColumn<Row>[]): ColumnType<Row>[] {
  return columns.map((c) => {
    const { ellipsis, tooltip, actions, header, hiddenByDefault: _h, alwaysShown: _a, ...col } = c
    const least = headerWidth(c.title)
    const width = typeof c.width === 'number' ? Math.max(c.width, least) : c.width
    const out: ColumnType<Row> = {
      ...col,
      width,
      title: header ?? c.title,
      // a header is never broken over two lines: its column is at least as wide as it
      onHeaderCell: (column) => ({ ...c.onHeaderCell?.(column), style: { whiteSpace: 'nowrap' } }),
    }
    if (actions) {
      out.fixed = 'right'
      out.onCell = (row, i) => ({ ...c.onCell?.(row, i), style: { whiteSpace: 'nowrap' } })
    }
    if (ellipsis) {
      out.ellipsis = { showTitle: false }
      if (!header)
        out.title = (
          <Tooltip title={c.title} placement="topLeft">
            <span>{c.title}</span>
          </Tooltip>
        )
      out.render = (value: unknown, row: Row, index: number) => {
        const shown: ReactNode = c.render
          ? (c.render(value, row, index) as ReactNode)
          : plain(value)
            ? value
            : null
        const raw = cellValue(row, c.dataIndex)
        const tip: ReactNode = tooltip ? tooltip(row) : plain(shown) ? shown : plain(raw) ? raw : null
        if (tip === null || tip === undefined || tip === '') return shown
        return (
          <Tooltip title={tip} placement="topLeft">
            <span>{shown}</span>
          </Tooltip>
        )
      }
    }
    return out
  })
}

/** The table's scroll width: the sum of the shown columns, so a fixed column never sits over another's header. */
export function scrollWidth<Row>(columns: PageColumn<Row>[], selectable: boolean): number {
  const sum = columns.reduce(
    (w, c) => w + Math.max(typeof c.width === 'number' ? c.width : FLEX_COLUMN_WIDTH, headerWidth(c.title)),
    0,
  )
  return sum + (selectable ? SELECTION_COLUMN_WIDTH : 0)
}

/** A small link button's inline padding and the gap between the buttons of a cell. */
const BUTTON_PADDING = 16
const BUTTON_GAP = 4

/**
 * The width an action cell needs to keep its buttons on one line: small link buttons with these
 * labels (each with an icon when `icons`), the cell's padding around them.
 */
export function actionsWidth(labels: string[], { icons = false, extra = 0 } = {}): number {
  const buttons = labels.reduce((w, l) => w + textWidth(l, 0.52) + BUTTON_PADDING + (icons ? 20 : 0), 0)
  return Math.ceil(buttons + BUTTON_GAP * Math.max(0, labels.length - 1) + CELL_PADDING + extra)
}
