import type { layout as zh } from '../zh/layout'

export const layout: typeof zh = {
  skipToContent: 'Skip to main content',
  toggleSidebar: 'Show or hide the menu',
  userMenuHome: 'Home',
  userMenuChangePassword: 'Change password',
  userMenuLogout: 'Log out',
  logoutConfirmTitle: 'Log out',
  logoutConfirmText: 'Log out of the system?',
  riskUnder: 'Under risk control',
  riskNormal: 'No risk control',
  specialChannel: 'Special channel',
  vipValidUntil: 'VIP until {{date}}',
  vipExpiredOn: 'VIP expired on {{date}}',
  vipExpiredTitle: 'VIP expired',
  vipExpiredText:
    'Your VIP subscription ended on {{date}}. You can still sign in and read your data, but all sending has stopped. Contact operations to renew.',
  announcementTitle: 'Announcement',
  changePasswordTitle: 'Change password',
  currentPassword: 'Current password',
  currentPasswordPlaceholder: 'The password you sign in with now',
  newPassword: 'New password',
  newPasswordPlaceholder: '6–20 letters or digits',
  confirmPassword: 'Confirm password',
  confirmPasswordPlaceholder: 'Enter the new password again',
  passwordChanged: 'Password changed, please log in again',
}
