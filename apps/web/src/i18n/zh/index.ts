import { account } from './account'
import { acquisition } from './acquisition'
import { agents } from './agents'
import { announcement } from './announcement'
import { auth } from './auth'
import { autoReply } from './autoReply'
import { billing } from './billing'
import { chat } from './chat'
import { common } from './common'
import { sessionConsole } from './console'
import { desk } from './desk'
import { diversion } from './diversion'
import { dynamics } from './dynamics'
import { fans } from './fans'
import { group } from './group'
import { history } from './history'
import { home } from './home'
import { inheritance } from './inheritance'
import { integrations } from './integrations'
import { label } from './label'
import { layout } from './layout'
import { massSend } from './massSend'
import { material } from './material'
import { menu } from './menu'
import { merchants } from './merchants'
import { nurturing } from './nurturing'
import { page } from './page'
import { palette } from './palette'
import { platform } from './platform'
import { request } from './request'
import { risk } from './risk'
import { role } from './role'
import { settings } from './settings'
import { sim } from './sim'
import { statistics } from './statistics'
import { support } from './support'
import { time } from './time'
import { version } from './version'

/** Chinese resources (the default language). The English file must have the same keys. */
export const zh = {
  account,
  agents,
  acquisition,
  announcement,
  auth,
  autoReply,
  billing,
  chat,
  common,
  sessionConsole,
  desk,
  diversion,
  dynamics,
  fans,
  group,
  history,
  home,
  inheritance,
  integrations,
  label,
  layout,
  massSend,
  material,
  menu,
  merchants,
  nurturing,
  page,
  palette,
  platform,
  request,
  risk,
  role,
  settings,
  sim,
  statistics,
  support,
  time,
  version,
}
