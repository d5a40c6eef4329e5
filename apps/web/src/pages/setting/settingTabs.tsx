import type { ComponentType } from 'react'
import { GeneralSettings } from './GeneralSettings'
import { IntegrationsSettings } from './integrations/IntegrationsSettings'
import { ServiceSettings } from './ServiceSettings'

interface SettingTab {
  key: string
  /** translation key of the tab's title */
  label: string
  Content: ComponentType
}

/** The settings page's tabs, in order; a tab renders when first opened. */
export const settingTabs: readonly SettingTab[] = [
  { key: 'general', label: 'settings.tabGeneral', Content: GeneralSettings },
  { key: 'service', label: 'settings.tabService', Content: ServiceSettings },
  { key: 'api', label: 'integrations.tab', Content: IntegrationsSettings },
]
