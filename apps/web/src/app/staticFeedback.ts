/** antd's static toasts and dialogs, loaded on first use (see feedback.ts). */
export { Modal, message, notification } from 'antd'
