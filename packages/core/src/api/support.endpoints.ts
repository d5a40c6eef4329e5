import { Access } from '../access.js'
import { endpoint } from './contract.js'
import {
  businessHoursBody,
  businessHoursFields,
  satisfactionBody,
  satisfactionFields,
  satisfactionReport,
  satisfactionReportQuery,
  serviceLevelBody,
  serviceLevelView,
} from './support.js'

/**
 * The service settings' routes. The desk's people read them (the team lead, who works only the
 * chat history, does not); the supervisor saves them and reads the satisfaction report.
 */
export const SupportPath = {
  serviceLevelGet: '/damai/customer/serviceLevel/get',
  serviceLevelUpdate: '/damai/customer/serviceLevel/update',
  businessHoursGet: '/damai/customer/businessHours/get',
  businessHoursUpdate: '/damai/customer/businessHours/update',
  satisfactionGet: '/damai/customer/satisfaction/get',
  satisfactionUpdate: '/damai/customer/satisfaction/update',
  satisfactionReport: '/damai/customer/satisfaction/report',
} as const

const tags = ['support']

export const supportEndpoints = {
  serviceLevelGet: endpoint({
    roles: Access.desk,
    tags,
    method: 'GET',
    path: SupportPath.serviceLevelGet,
    summary: 'Response-time targets of the tenant (defaults until first saved) and of its agent groups',
    response: serviceLevelView,
  }),
  serviceLevelUpdate: endpoint({
    roles: Access.master,
    tags,
    method: 'PUT',
    path: SupportPath.serviceLevelUpdate,
    summary: 'Save the response-time targets',
    body: serviceLevelBody,
    response: serviceLevelView,
  }),
  businessHoursGet: endpoint({
    roles: Access.desk,
    tags,
    method: 'GET',
    path: SupportPath.businessHoursGet,
    summary: 'Business hours, holidays and the away message of the tenant',
    response: businessHoursFields,
  }),
  businessHoursUpdate: endpoint({
    roles: Access.master,
    tags,
    method: 'PUT',
    path: SupportPath.businessHoursUpdate,
    summary: 'Save the business hours, holidays and the away message',
    body: businessHoursBody,
    response: businessHoursFields,
  }),
  satisfactionGet: endpoint({
    roles: Access.desk,
    tags,
    method: 'GET',
    path: SupportPath.satisfactionGet,
    summary: 'The satisfaction survey sent when a conversation is resolved',
    response: satisfactionFields,
  }),
  satisfactionUpdate: endpoint({
    roles: Access.master,
    tags,
    method: 'PUT',
    path: SupportPath.satisfactionUpdate,
    summary: 'Save the satisfaction survey',
    body: satisfactionBody,
    response: satisfactionFields,
  }),
  satisfactionReport: endpoint({
    roles: Access.master,
    tags,
    method: 'GET',
    path: SupportPath.satisfactionReport,
    summary: 'Ratings per agent and local day: how many, and their mean',
    query: satisfactionReportQuery,
    response: satisfactionReport,
  }),
}
