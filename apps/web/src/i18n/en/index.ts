import type { zh } from '../zh'
import { consoleText } from './consoleText'
import { deskText } from './deskText'

export const en: typeof zh = { ...deskText, ...consoleText }
