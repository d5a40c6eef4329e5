import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/page/PageFrame'
import { settingTabs } from './settingTabs'

/**
 * /Setting/index (supervisor): the tenant's settings, a tab per area. Each tab's parts are cards
 * of their own, so the tabs sit in the frame without a card around them.
 */
export default function SettingPage() {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('menu.setting')} sections>
      <Tabs
        data-testid="settings-tabs"
        items={settingTabs.map(({ key, label, Content }) => ({
          key,
          label: t(label),
          children: <Content />,
        }))}
      />
    </PageFrame>
  )
}
