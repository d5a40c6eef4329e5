import { Role } from '@app/core'
import { Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StaffRole } from './StaffFormModal'
import { StaffManage } from './StaffManage'

/** /operationsManage (admin): operations users and business users, each with the same actions. */
export default function OperationsManage() {
  const { t } = useTranslation()
  const [roleId, setRoleId] = useState<StaffRole>(Role.operations)
  return (
    <StaffManage
      roleId={roleId}
      choosesParent
      title={t('menu.operationsManage')}
      tabs={
        <Tabs
          activeKey={String(roleId)}
          onChange={(key) => setRoleId(Number(key) as StaffRole)}
          items={[
            { key: String(Role.operations), label: t('platform.tab.operations') },
            { key: String(Role.business), label: t('platform.tab.business') },
          ]}
          // the tab bar's own margin stands in for the card's gap below it
          style={{ marginBottom: -16 }}
        />
      }
    />
  )
}
