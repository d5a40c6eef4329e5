import {
  type HomeFigures,
  type StatisticsOverview,
  StatisticsPath,
  type StatisticsRangeBody,
} from '@app/core'
import { downloadFile } from './download'
import { dataOf, http } from './request'

/** The supervisor's figures of a range of days (`YYYY-MM-DD`, both ends included). */
export const statisticsOverview = (range: StatisticsRangeBody) =>
  dataOf(http.post<StatisticsOverview>(StatisticsPath.overview, range))

/** The same figures as an XLSX file, in the user's language. */
export const exportStatistics = (range: StatisticsRangeBody, language: 'zh' | 'en') =>
  downloadFile(
    'post',
    StatisticsPath.export,
    { ...range, language },
    `statistics-${range.from}-${range.to}.xlsx`,
  )

/** The figures /home shows for the signed-in role. */
export const homeFigures = () => dataOf(http.get<HomeFigures>(StatisticsPath.home))
