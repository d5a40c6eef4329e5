import type { consoleText as zhConsoleText } from '../zh/consoleText'
import { acquisition } from './acquisition'
import { agents } from './agents'
import { announcement } from './announcement'
import { billing } from './billing'
import { sessionConsole } from './console'
import { diversion } from './diversion'
import { dynamics } from './dynamics'
import { history } from './history'
import { home } from './home'
import { inheritance } from './inheritance'
import { integrations } from './integrations'
import { massSend } from './massSend'
import { platform } from './platform'
import { role } from './role'
import { sim } from './sim'
import { statistics } from './statistics'

/** The text only the console's pages show. */
export const consoleText: typeof zhConsoleText = {
  acquisition,
  agents,
  announcement,
  billing,
  sessionConsole,
  diversion,
  dynamics,
  history,
  home,
  inheritance,
  integrations,
  massSend,
  platform,
  role,
  sim,
  statistics,
}
