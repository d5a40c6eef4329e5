export { ChatBox } from './ChatBox'
