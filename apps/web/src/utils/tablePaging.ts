import type { TablePaginationConfig } from 'antd'

interface Paged {
  pageNo: number
  pageSize: number
}

/** The pagination of a table over a paged query: the page and size live in the query itself. */
export function tablePaging<Q extends Paged>(
  query: Q,
  total: number | undefined,
  setQuery: (update: (q: Q) => Q) => void,
): TablePaginationConfig {
  return {
    current: query.pageNo,
    pageSize: query.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
  }
}
