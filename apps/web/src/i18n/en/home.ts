import type { home as zh } from '../zh/home'

export const home: typeof zh = {
  greeting: 'Hello, {{name}}',
  roleLabel: 'Role',
  tenantLabel: 'Company',
  accountLabel: 'Company account',
  validityLabel: 'Valid',
  validityRange: '{{start}} to {{end}}',
  validityUnknown: 'Not set',
  vipActive: 'Active',
  vipExpired: 'Expired',
  announcements: 'Announcements',
  noAnnouncements: 'No announcements',
  shortcuts: 'Shortcuts',
  noShortcuts: 'No features are available to you yet',
  openDesk: 'Open the agent desk',
  openDeskText: 'Sessions, customers and mass sends',
}
