import type { zh } from '../zh'
import { account } from './account'
import { acquisition } from './acquisition'
import { agents } from './agents'
import { announcement } from './announcement'
import { auth } from './auth'
import { billing } from './billing'
import { chat } from './chat'
import { common } from './common'
import { desk } from './desk'
import { group } from './group'
import { home } from './home'
import { label } from './label'
import { layout } from './layout'
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
  desk,
  group,
  home,
  label,
  layout,
  material,
  menu,
  platform,
  request,
  role,
  sim,
  time,
  version,
}
