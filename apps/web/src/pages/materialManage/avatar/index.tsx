import { MaterialManagePage } from '../MaterialManagePage'

/** /materialManage/avatar (customerMaster): avatar materials of the public library. */
export default function AvatarMaterialPage() {
  return <MaterialManagePage usage="avatar" />
}
