import {
  type Page,
  type RiskConfigBody,
  type RiskConfigView,
  RiskPath,
  type RiskStatistics,
  type RiskStatisticsBody,
  type RiskWarningPageBody,
  type RiskWarningView,
} from '@app/core'
import { backgroundCall, dataOf, http, noRepeatGuard } from './request'

/** Risk management (packages/core api/risk.ts): the supervisor's config, warnings and statistics. */

export const riskConfig = () => dataOf(http.get<RiskConfigView>(RiskPath.config, undefined, noRepeatGuard))

export const saveRiskConfig = (body: RiskConfigBody) =>
  dataOf(http.put<RiskConfigView>(RiskPath.config, body))

export const pageRiskWarnings = (body: Partial<RiskWarningPageBody>) =>
  dataOf(http.post<Page<RiskWarningView>>(RiskPath.warnings, body, noRepeatGuard))

export const riskWarningCount = () =>
  dataOf(http.get<{ unhandled: number }>(RiskPath.warningCount, undefined, backgroundCall))

export const handleRiskWarnings = (ids: number[]) =>
  dataOf(http.put<{ handled: number }>(RiskPath.handle, { ids }))

export const riskStatistics = (body: RiskStatisticsBody) =>
  dataOf(http.post<RiskStatistics>(RiskPath.statistics, body, noRepeatGuard))
