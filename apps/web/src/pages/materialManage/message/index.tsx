import { MaterialManagePage } from '../MaterialManagePage'

/** /materialManage/message (customerMaster): message materials of the public library. */
export default function MessageMaterialPage() {
  return <MaterialManagePage usage="message" />
}
