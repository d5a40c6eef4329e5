import {
  type AgentCreateBody,
  type AgentQueryBody,
  type AgentUpdateBody,
  agentEndpoints as api,
  type GroupServiceLevelBody,
  type UserStatus,
} from '@app/core'
import { call } from './client'

/** The supervisor's agents (/customerServiceManage): each on a seat of the tenant. */
export const queryAgents = (body: AgentQueryBody) => call(api.query, body)
export const createAgent = (body: AgentCreateBody) => call(api.create, body)
export const updateAgent = (body: AgentUpdateBody) => call(api.update, body)
export const setAgentStatus = (id: number, status: number) =>
  call(api.setStatus, { id, status: status as (typeof UserStatus)[keyof typeof UserStatus] })
export const resetAgentPassword = (userId: number, password: string) =>
  call(api.resetPassword, { userId, password })
export const bindAgentAccounts = (id: number, accountIds: number[]) =>
  call(api.bindAccounts, { id, accountIds })
export const deleteAgent = (id: number) => call(api.remove, { id })
export const agentGroups = () => call(api.groupList, {})
export const createAgentGroup = (name: string) => call(api.groupCreate, { name })
export const renameAgentGroup = (id: number, name: string) => call(api.groupRename, { id, name })
export const deleteAgentGroup = (id: number) => call(api.groupDelete, { id })
/** A group's own response targets; null keeps the tenant's. */
export const setAgentGroupServiceLevel = (body: GroupServiceLevelBody) => call(api.groupServiceLevel, body)
