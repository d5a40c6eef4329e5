export { GroupPanel } from './GroupPanel'
// the dialog itself is loaded on its first opening (deskSession/GroupListTools.tsx)
export type { JoinGroupsModalProps } from './JoinGroupsModal'
export { SystemGroupsSwitch } from './SystemGroupsSwitch'
