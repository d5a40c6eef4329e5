/** The shared page patterns: frame, filter bar, table, empty states and the value formats. */
export const page = {
  search: 'Search',
  reset: 'Reset',
  filters: 'Filters',
  total: '{{count}} in total',
  tableScroll: 'Table (scrolls sideways)',
  columns: 'Columns',
  columnsTitle: 'Shown columns',
  columnsReset: 'Reset to default',
  emptyFiltered: 'Nothing matches these filters',
  emptyFilteredHint: 'Change or clear the filters and search again',
  clearFilters: 'Clear filters',
  duration: {
    day: '{{count}} d',
    hour: '{{count}} h',
    minute: '{{count}} min',
    second: '{{count}} s',
  },
}
