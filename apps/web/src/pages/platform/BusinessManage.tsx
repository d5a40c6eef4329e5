import { Role } from '@app/core'
import { useTranslation } from 'react-i18next'
import { StaffManage } from './StaffManage'

/** /businessManage (operations): my salespeople. */
export default function BusinessManage() {
  const { t } = useTranslation()
  return <StaffManage roleId={Role.business} choosesParent={false} title={t('menu.businessManage')} />
}
