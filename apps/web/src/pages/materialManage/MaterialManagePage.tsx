import { MaterialOwnerType, type MaterialUsageValue } from '@app/core'
import { Card, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { MaterialLibrary } from '../../components/material/library/MaterialLibrary'

const TABS: { usage: MaterialUsageValue; path: string; titleKey: string }[] = [
  { usage: 'nickname', path: '/materialManage/nickname', titleKey: 'menu.nicknameMaterial' },
  { usage: 'avatar', path: '/materialManage/avatar', titleKey: 'menu.avatarMaterial' },
  { usage: 'message', path: '/materialManage/message', titleKey: 'menu.messageMaterial' },
]

/**
 * /materialManage/* (customerMaster): the tenant's public library, by what the materials are for:
 * nicknames and avatars for WS accounts, and message materials the agents send from the desk.
 */
export function MaterialManagePage({ usage }: { usage: MaterialUsageValue }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Card>
      <Tabs
        activeKey={usage}
        onChange={(key) => {
          const tab = TABS.find((x) => x.usage === key)
          if (tab) navigate(tab.path)
        }}
        items={TABS.map((tab) => ({ key: tab.usage, label: t(tab.titleKey) }))}
      />
      <MaterialLibrary key={usage} ownerType={MaterialOwnerType.public} usage={usage} />
    </Card>
  )
}
