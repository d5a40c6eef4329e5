import { describe, expect, it, vi } from 'vitest'

describe("the theme's styles drawn ahead of the app", () => {
  it('carry the tokens and the components the desk draws, as antd names its own elements', async () => {
    vi.resetModules()
    const { drawThemeStyles } = await import('./themeStyles')
    const styles = drawThemeStyles()
    expect(styles).toContain('data-token-hash="css-var-ws"')
    expect(styles).toContain('#1d4ed8')
    for (const component of ['ant-btn', 'ant-skeleton', 'ant-input', 'ant-tooltip', 'ant-segmented'])
      expect(styles).toContain(`.css-var-ws.${component}`)
    expect(styles).not.toContain('data-ant-cssinjs-cache-path')
  })
})
