import { useEffect } from 'react'
import { i18n } from '../i18n'

/** Controls in antd's hidden copies of a table's header (its measuring row). */
const HIDDEN_CONTROLS = [
  '.ant-table-measure-row input',
  '.ant-table-measure-row button',
  '.ant-table-measure-row a[href]',
  '.ant-table-measure-row [tabindex]',
].join(',')
/** The parts of a table that scroll when its columns are wider than the page. */
const SCROLLERS = '.ant-table-content, .ant-table-body'

/**
 * Makes every table of the page usable from the keyboard and quiet to a screen reader, whatever
 * page drew it: a table that scrolls sideways can be focused and scrolled with the arrow keys
 * (named as the table's region), and the controls antd copies into the hidden measuring row of a
 * header (a select-all box, a help icon) leave the tab order.
 */
export function fixTables(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>(HIDDEN_CONTROLS))
    if (el.tabIndex !== -1) el.tabIndex = -1
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
    if (scrolls && el.tabIndex !== 0) {
      el.tabIndex = 0
      el.setAttribute('role', 'region')
      el.setAttribute('aria-label', i18n.t('page.tableScroll'))
    } else if (!scrolls && el.getAttribute('role') === 'region') {
      el.removeAttribute('tabindex')
      el.removeAttribute('role')
      el.removeAttribute('aria-label')
    }
  }
}

/** Keeps `fixTables` true of the signed-in pages as tables come, change and the window resizes. */
export function useAccessibleTables(): void {
  useEffect(() => {
    let queued = 0
    const schedule = () => {
      if (queued) return
      queued = requestAnimationFrame(() => {
        queued = 0
        fixTables(document)
      })
    }
    schedule()
    const observer = new MutationObserver(schedule)
    observer.observe(document.body, { childList: true, subtree: true })
    window.addEventListener('resize', schedule)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', schedule)
      if (queued) cancelAnimationFrame(queued)
    }
  }, [])
}
