import { afterEach, describe, expect, it } from 'vitest'
import { adoptDrawing } from './drawn'

/** #root as the server answers /login: both languages' drawings, inert, test ids put aside. */
function drawnPage() {
  document.body.innerHTML =
    '<div id="root"><div inert>' +
    '<div data-prerender="zh" lang="zh"><input data-prerender-testid="login-username"></div>' +
    '<div data-prerender="en" lang="en"><input data-prerender-testid="login-username"></div>' +
    '</div></div>'
}

afterEach(() => {
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('the app taking the drawn sign-in page over', () => {
  it("gives the app the chosen language's drawing, which stays inert until the app has it", () => {
    drawnPage()
    window.history.replaceState(null, '', '/login')
    const drawing = adoptDrawing('en', false)
    const drawn = drawing?.container
    expect(drawn?.getAttribute('data-prerender')).toBe('en')
    expect(drawn?.hasAttribute('lang')).toBe(false)
    expect(document.querySelectorAll('[data-prerender]')).toHaveLength(1)
    // until the app has adopted it, nothing in it answers and nothing in it is the app's to find
    expect(drawn?.closest('[inert]')).not.toBeNull()
    expect(document.querySelector('[data-testid]')).toBeNull()
    drawing?.release()
    expect(drawn?.querySelector('input')?.getAttribute('data-testid')).toBe('login-username')
    expect(drawn?.querySelector('[data-prerender-testid]')).toBeNull()
    expect(document.querySelector('[inert]')).toBeNull()
  })

  it('leaves the page alone where the first render draws something else', () => {
    drawnPage()
    const before = document.body.innerHTML
    window.history.replaceState(null, '', '/login')
    // a signed-in visitor is sent on
    expect(adoptDrawing('zh', true)).toBeNull()
    // the page's links carry the address's query, the drawing's do not
    window.history.replaceState(null, '', '/login?redirect=%2Fhome')
    expect(adoptDrawing('zh', false)).toBeNull()
    expect(document.body.innerHTML).toBe(before)
    // no drawing at all (every page but /login)
    document.body.innerHTML = '<div id="root"></div>'
    window.history.replaceState(null, '', '/login')
    expect(adoptDrawing('zh', false)).toBeNull()
  })
})
