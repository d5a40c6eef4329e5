import type { role as zh } from '../zh/role'

export const role: typeof zh = {
  admin: 'Platform admin',
  operations: 'Operations',
  business: 'Salesperson',
  customerMaster: 'Supervisor',
  customerUser: 'Agent',
  customerUserLeader: 'Agent team lead',
}
