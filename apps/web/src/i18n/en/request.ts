import type { request as zh } from '../zh/request'

export const request: typeof zh = {
  error: 'Error',
  modifyFailed: 'Modify failed',
  status: 'Server error {{status}}',
  timeout: 'Network timeout',
  network: 'Network error',
  crashed: 'Something went wrong on this page. Reload it; if it keeps happening, tell your administrator',
  reload: 'Reload',
  retry: 'Retry',
  sessionExpiredTitle: 'Notice',
  sessionExpired: 'Your sign-in is no longer valid. Cancel to stay on this page, or sign in again.',
  relogin: 'Sign in again',
  deskTakenTitle: 'Notice',
  deskTaken: 'A supervisor has signed in at another desk',
  backHome: 'Back to home',
  closePage: 'Close page',
  downloading: 'Preparing the download…',
  downloadStarted: 'Download started',
  downloadFailed: 'Download failed',
}
