import QRCode from 'qrcode'

/** A QR string as a PNG data URL for the login dialog. */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'L', margin: 1, width: 264 })
}
