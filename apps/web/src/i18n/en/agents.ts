import type { agents as zh } from '../zh/agents'

export const agents: typeof zh = {
  create: 'New agent',
  edit: 'Edit agent',
  role: 'Role',
  group: 'Agent group',
  noGroup: 'No group',
  seat: 'Seat',
  seatUntil: 'until {{date}}',
  seatEnded: 'Seat expired',
  noSeat: 'No seat',
  accounts: 'WS accounts',
  bind: 'Accounts',
  bindTitle: 'WS accounts of {{name}}',
  bindHint: 'Choose accounts; one another agent had moves to this agent',
  deleteText: 'Delete the agent “{{name}}”? The seat is freed and the accounts unassigned.',
  groupName: 'Group name',
  members: 'Agents',
  createGroup: 'New group',
  editGroup: 'Edit group',
  deleteGroupText: 'Delete the group “{{name}}”?',
}
