import { MaterialOwnerType, type MaterialUsageValue } from '@app/core'
import { Tabs } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { MaterialLibrary } from '../../components/material/library/MaterialLibrary'
import { PageFrame, PageSection } from '../../components/page/PageFrame'

const TABS: { usage: MaterialUsageValue; path: string; titleKey: string }[] = [
  { usage: 'nickname', path: '/materialManage/nickname', titleKey: 'menu.nicknameMaterial' },
  { usage: 'avatar', path: '/materialManage/avatar', titleKey: 'menu.avatarMaterial' },
  { usage: 'message', path: '/materialManage/message', titleKey: 'menu.messageMaterial' },
]

/**
 * /materialManage/* (customerMaster): the tenant's public library, by what the materials are for:
 * nicknames and avatars for WS accounts, and message materials the agents send from the desk.
 * `more` adds cards below the library (the message page's order templates).
 */
export function MaterialManagePage({ usage, more }: { usage: MaterialUsageValue; more?: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const tab = TABS.find((x) => x.usage === usage)
  return (
    <PageFrame title={t(tab?.titleKey ?? 'menu.materialManage')} sections>
      <PageSection>
        <Tabs
          activeKey={usage}
          onChange={(key) => {
            const next = TABS.find((x) => x.usage === key)
            if (next) navigate(next.path)
          }}
          items={TABS.map((x) => ({ key: x.usage, label: t(x.titleKey) }))}
          style={{ marginBottom: -16 }}
        />
        <MaterialLibrary key={usage} ownerType={MaterialOwnerType.public} usage={usage} />
      </PageSection>
      {more}
    </PageFrame>
  )
}
