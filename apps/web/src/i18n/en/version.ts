import type { version as zh } from '../zh/version'

export const version: typeof zh = {
  title: 'New version {{version}} available',
  newFunction: 'New features',
  bugFix: 'Bug fixes',
  description: 'Notes',
  reload: 'Update now',
  later: 'No reminder for 30 minutes',
}
