import { FanListView } from '../components/FanListView'

/**
 * /fansManage/list (customerMaster): every customer of the tenant, filtered and searched, with
 * batch actions, a customer's drawer, import by phone list and export to XLSX.
 */
export default function FansListPage() {
  return <FanListView desk={false} />
}
