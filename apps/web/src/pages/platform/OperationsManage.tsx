import { Role } from '@app/core'
import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { StaffManage } from './StaffManage'

/** /operationsManage (admin): operations users and business users, each with the same actions. */
export default function OperationsManage() {
  const { t } = useTranslation()
  return (
    <Tabs
      items={[
        {
          key: 'operations',
          label: t('platform.tab.operations'),
          children: <StaffManage roleId={Role.operations} choosesParent />,
        },
        {
          key: 'business',
          label: t('platform.tab.business'),
          children: <StaffManage roleId={Role.business} choosesParent />,
        },
      ]}
      destroyOnHidden
    />
  )
}
