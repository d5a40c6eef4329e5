import { MaterialManagePage } from '../MaterialManagePage'
import { OrderTemplatesCard } from '../orderTemplates/OrderTemplatesCard'

/** /materialManage/message (customerMaster): message materials of the public library, and the order templates. */
export default function MessageMaterialPage() {
  return <MaterialManagePage usage="message" more={<OrderTemplatesCard />} />
}
