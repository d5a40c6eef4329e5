import { statisticsEndpoints as api, type StatisticsRangeBody } from '@app/core'
import { call } from './client'
import { downloadEndpoint } from './download'

/** The supervisor's figures of a range of days (`YYYY-MM-DD`, both ends included). */
export const statisticsOverview = (range: StatisticsRangeBody) => call(api.overview, range)

/** The same figures as an XLSX file, in the user's language. */
export const exportStatistics = (range: StatisticsRangeBody, language: 'zh' | 'en') =>
  downloadEndpoint(api.export, { ...range, language }, `statistics-${range.from}-${range.to}.xlsx`)

/** The figures /home shows for the signed-in role. */
export const homeFigures = () => call(api.home)

/** Which of the supervisor's first-run steps are done. */
export const homeChecklist = () => call(api.checklist)
