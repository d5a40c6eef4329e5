import 'leaflet/dist/leaflet.css'
import { useEffect } from 'react'
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet'
import { MAP_ATTRIBUTION, useMapTileUrl } from '../mapConfig'

export interface LatLng {
  lat: number
  lng: number
}

interface Props {
  value: LatLng | null
  onPick(point: LatLng): void
  /** tiles did not load (blocked network): the form still takes typed coordinates */
  onTilesFailed(): void
}

function ClickToPick({ onPick }: Pick<Props, 'onPick'>) {
  useMapEvents({
    click: (e) => onPick({ lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) }),
  })
  return null
}

/** Keep the typed point in view. */
function Follow({ value }: { value: LatLng | null }) {
  const map = useMap()
  useEffect(() => {
    if (value) map.panTo([value.lat, value.lng])
  }, [map, value])
  return null
}

/** The location picker's map (Leaflet): a click picks the point. */
export function LocationMap({ value, onPick, onTilesFailed }: Props) {
  const tiles = useMapTileUrl()
  return (
    <MapContainer
      center={value ? [value.lat, value.lng] : [20, 0]}
      zoom={value ? 14 : 2}
      className="chat-location-map"
      worldCopyJump
    >
      <TileLayer url={tiles} attribution={MAP_ATTRIBUTION} eventHandlers={{ tileerror: onTilesFailed }} />
      <ClickToPick onPick={onPick} />
      <Follow value={value} />
      {value && (
        <CircleMarker center={[value.lat, value.lng]} radius={9} pathOptions={{ color: '#1677ff' }} />
      )}
    </MapContainer>
  )
}
