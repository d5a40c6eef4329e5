import type { zh } from '../zh'
import { account } from './account'
import { acquisition } from './acquisition'
import { agents } from './agents'
import { announcement } from './announcement'
import { auth } from './auth'
import { billing } from './billing'
import { chat } from './chat'
import { common } from './common'
import { sessionConsole } from './console'
import { desk } from './desk'
import { fans } from './fans'
import { group } from './group'
import { history } from './history'
import { home } from './home'
import { inheritance } from './inheritance'
import { label } from './label'
import { layout } from './layout'
import { massSend } from './massSend'
import { material } from './material'
import { menu } from './menu'
import { platform } from './platform'
import { request } from './request'
import { role } from './role'
import { sim } from './sim'
import { time } from './time'
import { version } from './version'

export const en: typeof zh = {
  account,
  agents,
  acquisition,
  announcement,
  auth,
  billing,
  chat,
  common,
  sessionConsole,
  desk,
  fans,
  group,
  history,
  home,
  inheritance,
  label,
  layout,
  massSend,
  material,
  menu,
  platform,
  request,
  role,
  sim,
  time,
  version,
}
