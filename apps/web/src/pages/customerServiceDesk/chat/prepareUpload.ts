import { compressImage, loadImage, probeAudioSeconds, UploadCheckError } from './mediaProbe'
import {
  checkFile,
  checkImageSize,
  checkVoiceSeconds,
  needsCompression,
  type UploadKind,
} from './uploadRules'

/** A file ready to upload, with the fields the browser measured. */
export interface PreparedUpload {
  file: Blob
  name: string
  width?: number
  height?: number
  seconds?: number
}

/**
 * Check a picked file and measure it: images are decoded (their size is sent; over 2 MB they are
 * compressed), voice files are probed for their duration. Throws an UploadCheckError.
 */
export async function prepareUpload(kind: UploadKind, file: File): Promise<PreparedUpload> {
  const problem = checkFile(kind, file)
  if (problem) throw new UploadCheckError(problem)
  if (kind === 'image') {
    const img = await loadImage(file)
    const sizeProblem = checkImageSize(img.naturalWidth, img.naturalHeight)
    if (sizeProblem) throw new UploadCheckError(sizeProblem)
    if (!needsCompression(kind, file.size)) {
      return { file, name: file.name, width: img.naturalWidth, height: img.naturalHeight }
    }
    const compressed = await compressImage(img, file.name).catch(() => {
      throw new UploadCheckError('compressFailed')
    })
    return {
      file: compressed.file,
      name: compressed.file.name,
      width: compressed.width,
      height: compressed.height,
    }
  }
  if (kind === 'voice') {
    const seconds = await probeAudioSeconds(file)
    const voiceProblem = checkVoiceSeconds(seconds)
    if (voiceProblem) throw new UploadCheckError(voiceProblem)
    return { file, name: file.name, seconds: Math.max(1, Math.round(seconds)) }
  }
  return { file, name: file.name }
}
