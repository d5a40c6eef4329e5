/**
 * The sign-in page the build draws into its HTML, one drawing per language, and how the app takes
 * the drawing over: the drawing is the markup the app's first render makes, so the app adopts it
 * (hydrates it) instead of drawing the page a second time.
 */

/** The attribute of each language's drawing, its value the language. */
export const DRAWING_ATTRIBUTE = 'data-prerender'
/** Where a drawing keeps its test ids until the app adopts it (until then two languages would share them). */
export const DRAWN_TEST_ID = 'data-prerender-testid'

/** A drawing the app adopts: the element the app hydrates, and what finishes the adoption. */
export interface AdoptedDrawing {
  container: HTMLElement
  /**
   * Once the app has taken the drawing over: its test ids back and no longer inert. Until then a
   * field typed into or a button pressed would reach a page that does not yet answer.
   */
  release(): void
}

/**
 * The drawing of the page in `language`, for the app to adopt, the other languages' drawings gone.
 * Null where the app's first render would draw something else: no drawing in the page, a
 * signed-in visitor (who is sent on), or an address with a query (the links of the page carry
 * it, the drawing's do not).
 */
export function adoptDrawing(language: string, signedIn: boolean): AdoptedDrawing | null {
  const container = document.querySelector<HTMLElement>(`#root [${DRAWING_ATTRIBUTE}="${language}"]`)
  const wrapper = container?.parentElement
  if (!container || !wrapper || signedIn || window.location.search) return null
  for (const other of wrapper.querySelectorAll(`:scope > [${DRAWING_ATTRIBUTE}]`)) {
    if (other !== container) other.remove()
  }
  // the page's language is the document's, which follows the user's choice
  container.removeAttribute('lang')
  const release = () => {
    for (const el of container.querySelectorAll(`[${DRAWN_TEST_ID}]`)) {
      el.setAttribute('data-testid', el.getAttribute(DRAWN_TEST_ID) ?? '')
      el.removeAttribute(DRAWN_TEST_ID)
    }
    wrapper.removeAttribute('inert')
  }
  return { container, release }
}
