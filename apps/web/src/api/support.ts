import {
  supportEndpoints as api,
  type BusinessHoursBody,
  type SatisfactionBody,
  type SatisfactionReportQuery,
  type ServiceLevelBody,
} from '@app/core'
import { call } from './client'

/** The service settings: service levels, business hours with the away message, the satisfaction survey. */
export const getServiceLevel = () => call(api.serviceLevelGet)
export const saveServiceLevel = (body: ServiceLevelBody) => call(api.serviceLevelUpdate, body)
export const getBusinessHours = () => call(api.businessHoursGet)
export const saveBusinessHours = (body: BusinessHoursBody) => call(api.businessHoursUpdate, body)
export const getSatisfaction = () => call(api.satisfactionGet)
export const saveSatisfaction = (body: SatisfactionBody) => call(api.satisfactionUpdate, body)

/**
 * Ratings per agent and day of the business hours' time zone (`YYYY-MM-DD`, both ends included,
 * at most SATISFACTION_REPORT_DAYS_MAX days): how many, and their mean.
 */
export const satisfactionReport = (range: SatisfactionReportQuery) => call(api.satisfactionReport, range)

export const SupportKey = {
  serviceLevel: ['support', 'serviceLevel'],
  businessHours: ['support', 'businessHours'],
  satisfaction: ['support', 'satisfaction'],
  satisfactionReport: ['support', 'satisfactionReport'],
} as const
