import {
  AgentPath as A,
  type AgentCreateBody,
  type AgentGroupView,
  type AgentQueryBody,
  type AgentRowView,
  type AgentUpdateBody,
  type Page,
} from '@app/core'
import { dataOf, http } from './request'

/** The supervisor's agents (/customerServiceManage): each on a seat of the tenant. */
export const queryAgents = (body: AgentQueryBody) => dataOf(http.post<Page<AgentRowView>>(A.agentQuery, body))
export const createAgent = (body: AgentCreateBody) =>
  dataOf(http.post<{ id: number; seatId: number }>(A.agentCreate, body))
export const updateAgent = (body: AgentUpdateBody) => dataOf(http.put<null>(A.agentUpdate, body))
export const setAgentStatus = (id: number, status: number) =>
  dataOf(http.put<null>(A.agentUpdateStatus, { id, status }))
export const resetAgentPassword = (userId: number, password: string) =>
  dataOf(http.put<null>(A.agentUpdatePassword, { userId, password }))
export const bindAgentAccounts = (id: number, accountIds: number[]) =>
  dataOf(http.put<null>(A.agentBindAccounts, { id, accountIds }))
export const deleteAgent = (id: number) => dataOf(http.delete<null>(A.agentDelete, { id }))
export const agentGroups = () => dataOf(http.post<AgentGroupView[]>(A.groupList, {}))
export const createAgentGroup = (name: string) => dataOf(http.post<{ id: number }>(A.group, { name }))
export const renameAgentGroup = (id: number, name: string) => dataOf(http.put<null>(A.group, { id, name }))
export const deleteAgentGroup = (id: number) => dataOf(http.delete<null>(A.group, { id }))
