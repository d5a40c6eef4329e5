import { describe, expect, it } from 'vitest'
import { fakeServer, ok } from '../../../test/fixtures'
import { DEFAULT_MAP_TILE_URL, loadMapTileUrl, mapTileUrl, tileUrl } from './mapConfig'

describe('map tiles', () => {
  it('use the public tiles until the server names its own, then the server’s, asked once', async () => {
    expect(mapTileUrl()).toBe(DEFAULT_MAP_TILE_URL)
    const adapter = fakeServer({
      '/damai/public/config': () => ok({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' }),
    })
    await loadMapTileUrl()
    await loadMapTileUrl()
    expect(adapter).toHaveBeenCalledTimes(1)
    expect(tileUrl(3, 4, 5)).toBe('https://tiles.example.com/3/4/5.png')
  })
})
