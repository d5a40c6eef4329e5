export { GroupPanel } from './GroupPanel'
export { JoinGroupsModal, type JoinGroupsModalProps } from './JoinGroupsModal'
export { SystemGroupsSwitch } from './SystemGroupsSwitch'
