import type { announcement as zh } from '../zh/announcement'

export const announcement: typeof zh = {
  title: 'Title',
  content: 'Content',
  status: 'Status',
  createdAt: 'Created',
  creator: 'Created by',
  statusEnabled: 'Enabled',
  statusDisabled: 'Disabled',
  titlePlaceholder: 'Enter the title',
  contentPlaceholder: 'Enter the announcement',
  statusPlaceholder: 'Choose a status',
  createTitle: 'New announcement',
  editTitle: 'Edit announcement',
  enabledHint: 'Once enabled, signed-in users see it within a minute',
  deleteText: 'Delete the announcement “{{title}}”? This cannot be undone.',
  statusChanged: 'Status updated',
  emptyTitle: 'No announcements yet',
  emptyHint: 'Create one: once enabled, every signed-in user receives it',
}
