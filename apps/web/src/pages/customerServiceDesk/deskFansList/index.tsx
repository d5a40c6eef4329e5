import { FanListView } from '../../fansManage/components/FanListView'

/**
 * /customerServiceDesk/deskFansList, the desk's "my customer": the customers of the sessions this
 * desk's agent may see (a supervisor's own desk: the whole tenant), with the same filters and
 * batch actions as the supervisor's list.
 */
export default function DeskFansListPage() {
  return (
    <div style={{ padding: 16 }}>
      <FanListView desk />
    </div>
  )
}
