/** Page-level actions, behind one object so tests can watch them (jsdom cannot reload or close). */
export const browser = {
  reload: (): void => window.location.reload(),
  close: (): void => window.close(),
}
