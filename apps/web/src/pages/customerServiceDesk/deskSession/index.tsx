import { DeskSessionView } from './DeskSessionView'

/** /customerServiceDesk/deskSession: the sessions of a sidebar entry, the chat, the customer. */
export default function DeskSessionPage() {
  return <DeskSessionView />
}
