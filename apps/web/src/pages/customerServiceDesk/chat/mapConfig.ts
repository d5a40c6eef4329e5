import { systemEndpoints } from '@app/core'
import { useEffect, useState } from 'react'
import { call } from '../../../api/client'
import { backgroundCall } from '../../../api/request'

/**
 * Map tiles of the location picker and of location messages: the server's MAP_TILE_URL (GET
 * /damai/public/config, read once), the public tiles until it answers. Where tiles are blocked,
 * the picker says so and coordinates can still be typed.
 */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
let mapTileTemplate = DEFAULT_MAP_TILE_URL
let loading: Promise<string> | null = null

export const mapTileUrl = (): string => mapTileTemplate

/** The configured tile server; asked of the server once per page load. */
export function loadMapTileUrl(): Promise<string> {
  loading ??= call(systemEndpoints.config, undefined, backgroundCall)
    .then((r) => {
      if (r?.mapTileUrl) mapTileTemplate = r.mapTileUrl
      return mapTileTemplate
    })
    .catch(() => mapTileTemplate)
  return loading
}
/** The tile template, re-rendering once the server's setting is known. */
export function useMapTileUrl(): string {
  const [url, setUrl] = useState(mapTileTemplate)
  useEffect(() => {
    let live = true
    void loadMapTileUrl().then((u) => live && setUrl(u))
    return () => {
      live = false
    }
  }, [])
  return url
}

export const MAP_ATTRIBUTION = '&copy; OpenStreetMap contributors'
/** Zoom of the small map of a location message. */
const STATIC_MAP_ZOOM = 15
const TILE_PX = 256

export const tileUrl = (z: number, x: number, y: number): string =>
  mapTileTemplate.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))

/** The point's position in tile units at zoom `z` (Web Mercator). */
function tilePoint(lat: number, lng: number, z: number): { x: number; y: number } {
  const n = 2 ** z
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat))
  const rad = (clamped * Math.PI) / 180
  const x = ((lng + 180) / 360) * n
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n
  return { x, y }
}

/**
 * The 2×2 tiles around a point, chosen so that the point lies in their middle half, and the point's
 * pixel position inside that 512×512 square.
 */
export function staticTiles(lat: number, lng: number, z = STATIC_MAP_ZOOM) {
  const p = tilePoint(lat, lng, z)
  const n = 2 ** z
  const x0 = p.x - Math.floor(p.x) < 0.5 ? Math.floor(p.x) - 1 : Math.floor(p.x)
  const y0 = p.y - Math.floor(p.y) < 0.5 ? Math.floor(p.y) - 1 : Math.floor(p.y)
  const tiles = [0, 1].flatMap((dy) =>
    [0, 1].map((dx) => ({
      key: `${dx}-${dy}`,
      left: dx * TILE_PX,
      top: dy * TILE_PX,
      src: tileUrl(z, (((x0 + dx) % n) + n) % n, Math.min(n - 1, Math.max(0, y0 + dy))),
    })),
  )
  return { tiles, px: (p.x - x0) * TILE_PX, py: (p.y - y0) * TILE_PX }
}

export const osmLink = (lat: number, lng: number): string =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`
