import { Role } from '@app/core'
import { StaffManage } from './StaffManage'

/** /businessManage (operations): my salespeople. */
export default function BusinessManage() {
  return <StaffManage roleId={Role.business} choosesParent={false} />
}
