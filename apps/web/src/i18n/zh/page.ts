/** The shared page patterns: frame, filter bar, table, empty states and the value formats. */
export const page = {
  search: '查询',
  reset: '重置',
  filters: '筛选条件',
  total: '共 {{count}} 条',
  tableScroll: '表格（可左右滚动）',
  columns: '列设置',
  columnsTitle: '显示的列',
  columnsReset: '恢复默认',
  emptyFiltered: '没有符合条件的记录',
  emptyFilteredHint: '调整或清空筛选条件后重新查询',
  clearFilters: '清空筛选',
  duration: {
    day: '{{count}} 天',
    hour: '{{count}} 小时',
    minute: '{{count}} 分钟',
    second: '{{count}} 秒',
  },
}
