import type { zh } from '../zh'
import { account } from './account'
import { acquisition } from './acquisition'
import { announcement } from './announcement'
import { auth } from './auth'
import { chat } from './chat'
import { common } from './common'
import { desk } from './desk'
import { group } from './group'
import { home } from './home'
import { label } from './label'
import { layout } from './layout'
import { material } from './material'
import { menu } from './menu'
import { request } from './request'
import { role } from './role'
import { sim } from './sim'
import { time } from './time'
import { version } from './version'

export const en: typeof zh = {
  account,
  acquisition,
  announcement,
  auth,
  chat,
  common,
  desk,
  group,
  home,
  label,
  layout,
  material,
  menu,
  request,
  role,
  sim,
  time,
  version,
}
