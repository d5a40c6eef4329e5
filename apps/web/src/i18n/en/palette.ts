import type { palette as zh } from '../zh/palette'

export const palette: typeof zh = {
  title: 'Command palette',
  open: 'Open the command palette',
  tooltip: 'Search ({{shortcut}})',
  searchPages: 'Search pages',
  searchAll: 'Search pages, customer names or phones',
  pages: 'Pages',
  chats: 'Chats',
  empty: 'Nothing found',
  searching: 'Searching chats…',
  chatsFailed: 'Could not search the chats',
  results: '{{count}} results',
  hintMove: 'to move',
  hintOpen: 'to open',
  hintClose: 'to close',
}
