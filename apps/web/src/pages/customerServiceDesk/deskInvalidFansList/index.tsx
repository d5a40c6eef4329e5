import { DeskSessionView } from '../deskSession/DeskSessionView'

/**
 * /customerServiceDesk/deskInvalidFansList: the invalid customers, as sessions (their chat stays
 * readable); each can be restored or deleted with a reason.
 */
export default function DeskInvalidFansPage() {
  return <DeskSessionView fixedFilter="invalid" />
}
