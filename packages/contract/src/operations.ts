import type { Language } from './errors.js';

/**
 * The spec's operations, each with a success text (the envelope's `msg` on status 1) and a
 * failure text (what a client shows when a call fails without a more specific message).
 */
const op = (en: string, hi: string, zh: string, enFail: string, hiFail: string, zhFail: string) => ({
  success: { en, hi, zh },
  failure: { en: enFail, hi: hiFail, zh: zhFail },
});

export const OPERATIONS = {
  add: op('Added', 'जोड़ा गया', '添加成功', 'Add failed', 'जोड़ना विफल', '添加失败'),
  edit: op('Saved', 'सहेजा गया', '编辑成功', 'Edit failed', 'संपादन विफल', '编辑失败'),
  delete: op('Deleted', 'हटाया गया', '删除成功', 'Delete failed', 'हटाना विफल', '删除失败'),
  update: op('Updated', 'अपडेट किया गया', '更新成功', 'Update failed', 'अपडेट विफल', '更新失败'),
  unbind: op('Unbound', 'अनलिंक किया गया', '解绑成功', 'Unbind failed', 'अनलिंक विफल', '解绑失败'),
  upload: op('Uploaded', 'अपलोड किया गया', '上传成功', 'Upload failed', 'अपलोड विफल', '上传失败'),
  submit: op('Submitted', 'जमा किया गया', '提交成功', 'Submit failed', 'जमा करना विफल', '提交失败'),
  buy: op('Order placed', 'ऑर्डर दिया गया', '买入成功', 'Buy failed', 'खरीद विफल', '买入失败'),
  sell: op('Sold', 'बेचा गया', '卖出成功', 'Sell failed', 'बिक्री विफल', '卖出失败'),
  cancel: op('Cancelled', 'रद्द किया गया', '撤单成功', 'Cancel failed', 'रद्द करना विफल', '撤单失败'),
  subscribe: op('Subscribed', 'आवेदन किया गया', '申购成功', 'Subscription failed', 'आवेदन विफल', '申购失败'),
  allotment: op('Allotted', 'आवंटित', '配售成功', 'Allotment failed', 'आवंटन विफल', '配售失败'),
  payment: op('Paid', 'भुगतान किया गया', '缴款成功', 'Payment failed', 'भुगतान विफल', '缴款失败'),
  borrow: op('Borrowed', 'उधार लिया गया', '借款成功', 'Borrow failed', 'उधार विफल', '借款失败'),
  repay: op('Repaid', 'चुकाया गया', '还款成功', 'Repay failed', 'चुकौती विफल', '还款失败'),
  exchange: op('Exchanged', 'विनिमय किया गया', '兑换成功', 'Exchange failed', 'विनिमय विफल', '兑换失败'),
  withdraw: op(
    'Withdrawal requested',
    'निकासी का अनुरोध किया गया',
    '提现申请成功',
    'Withdrawal failed',
    'निकासी विफल',
    '提现失败',
  ),
  deposit: op(
    'Deposit submitted',
    'जमा अनुरोध भेजा गया',
    '充值提交成功',
    'Deposit failed',
    'जमा विफल',
    '充值失败',
  ),
  checkIn: op('Checked in', 'चेक-इन हो गया', '签到成功', 'Check-in failed', 'चेक-इन विफल', '签到失败'),
  login: op('Logged in', 'लॉग इन हो गया', '登录成功', 'Login failed', 'लॉग इन विफल', '登录失败'),
  register: op('Registered', 'पंजीकरण हो गया', '注册成功', 'Registration failed', 'पंजीकरण विफल', '注册失败'),
} as const;

export type Operation = keyof typeof OPERATIONS;

export function operationMessage(operation: Operation, outcome: 'success' | 'failure', language: Language) {
  return OPERATIONS[operation][outcome][language];
}

export const SUCCESS_TEXT: Record<Language, string> = { en: 'Success', hi: 'सफल', zh: '成功' };
