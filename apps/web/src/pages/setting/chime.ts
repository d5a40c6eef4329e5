/** The chime's samples per second: enough for its two tones, and a small file. */
const RATE = 8_000
const LENGTH_S = 0.4
/** Two tones, the second starting as the first fades: [frequency in Hz, start s, end s]. */
const TONES = [
  [880, 0, 0.25],
  [1320, 0.12, 0.37],
] as const
const START_GAIN = 0.15
const END_GAIN = 0.001

/**
 * The new-message chime as a 16-bit mono WAV file, made in the browser so there is no audio file
 * to load: two tones under one exponential fade.
 */
export function chimeWav(): Blob {
  const samples = Math.round(RATE * LENGTH_S)
  const bytes = new DataView(new ArrayBuffer(44 + samples * 2))
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes.setUint8(at + i, text.charCodeAt(i))
  }
  ascii(0, 'RIFF')
  bytes.setUint32(4, 36 + samples * 2, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  bytes.setUint32(16, 16, true) // the format chunk's size
  bytes.setUint16(20, 1, true) // PCM
  bytes.setUint16(22, 1, true) // one channel
  bytes.setUint32(24, RATE, true)
  bytes.setUint32(28, RATE * 2, true) // bytes per second
  bytes.setUint16(32, 2, true) // bytes per sample
  bytes.setUint16(34, 16, true) // bits per sample
  ascii(36, 'data')
  bytes.setUint32(40, samples * 2, true)
  const wave = new Float32Array(samples)
  for (const [freq, from, to] of TONES) {
    const step = (2 * Math.PI * freq) / RATE
    for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) wave[i] += Math.sin(step * i)
  }
  const fade = (END_GAIN / START_GAIN) ** (1 / samples)
  let gain = START_GAIN
  for (let i = 0; i < samples; i++, gain *= fade) {
    bytes.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, wave[i] * gain)) * 32_767), true)
  }
  return new Blob([bytes.buffer], { type: 'audio/wav' })
}

/**
 * The page's one chime player, made at the first chime. An audio element costs the main thread
 * about a millisecond to play, where Web Audio's context held it for over a hundred the first time:
 * a busy desk plays this on customers' messages while the agent types.
 */
let player: HTMLAudioElement | undefined

export function playChime(): void {
  try {
    player ??= new Audio(URL.createObjectURL(chimeWav()))
    player.currentTime = 0
    // the browser refuses sound before the user's first click on the page: that chime is silent
    player.play()?.catch(() => undefined)
  } catch {
    // a browser without sound output: the alert is silent
  }
}
