/** The tab's modals: the whole width on a phone, a comfortable width from a tablet up. */
export const MODAL_WIDTH = { xs: '100%', sm: '100%', md: 560 }
