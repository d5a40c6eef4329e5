import {
  riskEndpoints as api,
  type RiskConfigBody,
  type RiskStatisticsBody,
  type RiskWarningPageBody,
} from '@app/core'
import { call } from './client'
import { backgroundCall, noRepeatGuard } from './request'

/** Risk management (packages/core api/risk.ts): the supervisor's config, warnings and statistics. */

export const riskConfig = () => call(api.config, undefined, noRepeatGuard)

export const saveRiskConfig = (body: RiskConfigBody) => call(api.saveConfig, body)

export const pageRiskWarnings = (body: Partial<RiskWarningPageBody>) =>
  call(api.warnings, body, noRepeatGuard)

export const riskWarningCount = () => call(api.warningCount, undefined, backgroundCall)

export const handleRiskWarnings = (ids: number[]) => call(api.handle, { ids })

export const riskStatistics = (body: RiskStatisticsBody) => call(api.statistics, body, noRepeatGuard)
