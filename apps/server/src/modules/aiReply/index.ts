// The aiReply module's face: what the rest of the server may use of it.
export { aiUsageToday, installAiReply } from './aiReply.module.js'
