// The announcements module's face: what the rest of the server may use of it.
export { installAnnouncements } from './announcements.module.js'
