export const request = {
  error: '请求失败',
  status: '系统接口 {{status}} 异常',
  timeout: '网络超时',
  network: '网络错误',
  retry: '重试',
  sessionExpiredTitle: '系统提示',
  sessionExpired: '登录失效，您可以取消留在该页面，或重新登录',
  relogin: '重新登录',
  deskTakenTitle: '系统提示',
  deskTaken: '主管已经登录到了其他客服台',
  backHome: '返回首页',
  closePage: '关闭页面',
}
