// the group panel is loaded when a group chat is first opened (deskSession/sidePanel/SidePanel.tsx)
// the dialog itself is loaded on its first opening (deskSession/GroupListTools.tsx)

export { SystemGroupsSwitch } from './SystemGroupsSwitch'
