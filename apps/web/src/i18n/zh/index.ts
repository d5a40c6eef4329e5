import { consoleText } from './consoleText'
import { deskText } from './deskText'

/** Chinese resources (the default language), loaded in two parts. The English file must have the same keys. */
export const zh = { ...deskText, ...consoleText }
