import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { fetchMaterialFile } from '../../api/material'

/**
 * An object URL of a material's file, fetched with the signed-in user's token (null while it
 * loads, when it failed, or without a material). The file is kept by material and media id, so
 * a changed file is fetched again; the URL is released when no longer shown.
 */
export function useMaterialFileUrl(materialId: number | null, mediaId: number | null) {
  const file = useQuery({
    queryKey: ['materialFile', materialId, mediaId],
    queryFn: () => fetchMaterialFile(materialId as number),
    enabled: materialId !== null && mediaId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
  })
  const url = useObjectUrl(file.data ?? null)
  return { url, loading: file.isLoading, failed: file.isError }
}

/** An object URL for a blob, revoked when the blob changes or the component goes away. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) {
      setUrl(null)
      return
    }
    const next = URL.createObjectURL(blob)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [blob])
  return url
}
