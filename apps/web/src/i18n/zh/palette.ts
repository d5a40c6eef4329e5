/** The command palette (Ctrl+K / ⌘K): pages and, for the desk's people, chats. */
export const palette = {
  title: '命令面板',
  open: '打开命令面板',
  tooltip: '搜索（{{shortcut}}）',
  searchPages: '搜索页面',
  searchAll: '搜索页面、客户名称或手机号',
  pages: '页面',
  chats: '会话',
  empty: '未找到结果',
  searching: '正在搜索会话…',
  chatsFailed: '会话搜索失败',
  results: '{{count}} 个结果',
  hintMove: '移动',
  hintOpen: '打开',
  hintClose: '关闭',
}
