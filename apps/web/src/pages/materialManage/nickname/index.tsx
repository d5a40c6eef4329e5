import { MaterialManagePage } from '../MaterialManagePage'

/** /materialManage/nickname (customerMaster): nickname materials of the public library. */
export default function NicknameMaterialPage() {
  return <MaterialManagePage usage="nickname" />
}
