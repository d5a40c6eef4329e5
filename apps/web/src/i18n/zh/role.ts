export const role = {
  admin: '平台管理员',
  operations: '运营',
  business: '业务员',
  customerMaster: '主管',
  customerUser: '客服',
  customerUserLeader: '客服组长',
}
