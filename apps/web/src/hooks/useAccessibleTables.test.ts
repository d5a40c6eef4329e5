import { afterEach, describe, expect, it } from 'vitest'
import { fixTables } from './useAccessibleTables'

/** jsdom lays nothing out: a scroller's sizes are set by hand. */
function sized(el: HTMLElement, scrollWidth: number, clientWidth: number): HTMLElement {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth })
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth })
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: 100 })
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: 100 })
  return el
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('tables reachable from the keyboard', () => {
  it('lets a table that scrolls sideways take focus as a named region, and only while it scrolls', () => {
    document.body.innerHTML = '<div class="ant-table-content"><table></table></div>'
    const scroller = sized(
      document.querySelector<HTMLElement>('.ant-table-content') as HTMLElement,
      1600,
      900,
    )
    fixTables(document)
    expect(scroller.tabIndex).toBe(0)
    expect(scroller.getAttribute('role')).toBe('region')
    expect(scroller.getAttribute('aria-label')).toBeTruthy()
    sized(scroller, 900, 900)
    fixTables(document)
    expect(scroller.hasAttribute('tabindex')).toBe(false)
    expect(scroller.hasAttribute('role')).toBe(false)
  })

  it("takes the controls of antd's hidden header copy out of the tab order, not the real header's", () => {
    document.body.innerHTML = `<table>
      <thead><tr><th><input type="checkbox" id="real"></th></tr></thead>
      <tbody><tr class="ant-table-measure-row" aria-hidden="true"><td><input type="checkbox" id="copy"><span tabindex="0" id="help"></span></td></tr></tbody>
    </table>`
    fixTables(document)
    expect((document.getElementById('copy') as HTMLInputElement).tabIndex).toBe(-1)
    expect((document.getElementById('help') as HTMLElement).tabIndex).toBe(-1)
    expect((document.getElementById('real') as HTMLInputElement).tabIndex).toBe(0)
  })
})
