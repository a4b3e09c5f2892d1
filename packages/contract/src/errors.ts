/**
 * The one error catalogue. Every refusal the API answers has a stable code here, its HTTP status
 * (DESIGN.md section 6: 200 for business refusals, 400 malformed input, 401 no session, 403 not
 * allowed, 404 unknown route, 413 too large, 429 too frequent, 500 internal), the names of its
 * parameters, and its text in English, Hindi and Chinese. Texts interpolate `{name}` parameters.
 *
 * The spec's section 8 messages are all here, including those that later features use; a test
 * checks that every code has three non-empty texts using exactly the declared parameters.
 */

export type Language = 'en' | 'hi' | 'zh';
export const LANGUAGES: readonly Language[] = ['en', 'hi', 'zh'];

interface CatalogueEntry {
  http: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;
  params: readonly string[];
  en: string;
  hi: string;
  zh: string;
}

const refusal = (params: readonly string[], en: string, hi: string, zh: string): CatalogueEntry => ({
  http: 200,
  params,
  en,
  hi,
  zh,
});

export const ERROR_CATALOGUE = {
  // Transport and platform.
  VALIDATION_FAILED: {
    http: 400,
    params: ['field', 'reason'],
    en: 'Invalid input in {field}: {reason}',
    hi: '{field} में अमान्य इनपुट: {reason}',
    zh: '{field} 输入无效：{reason}',
  },
  UNAUTHORIZED: {
    http: 401,
    params: [],
    en: 'Please log in again',
    hi: 'कृपया फिर से लॉग इन करें',
    zh: '请重新登录',
  },
  FORBIDDEN: {
    http: 403,
    params: [],
    en: 'You are not allowed to do this',
    hi: 'आपको यह करने की अनुमति नहीं है',
    zh: '您无权执行此操作',
  },
  ROUTE_NOT_FOUND: {
    http: 404,
    params: ['path'],
    en: 'No such API call: {path}',
    hi: 'ऐसी कोई API कॉल नहीं है: {path}',
    zh: '不存在此接口：{path}',
  },
  PAYLOAD_TOO_LARGE: {
    http: 413,
    params: ['limitBytes'],
    en: 'The request is too large (limit {limitBytes} bytes)',
    hi: 'अनुरोध बहुत बड़ा है (सीमा {limitBytes} बाइट)',
    zh: '请求过大（上限 {limitBytes} 字节）',
  },
  TOO_FREQUENT: {
    http: 429,
    params: [],
    en: 'Submitting too frequently, please try again later',
    hi: 'बहुत बार सबमिट किया जा रहा है, कृपया बाद में पुनः प्रयास करें',
    zh: '提交过于频繁，请稍后再试',
  },
  SERVER_BUSY: {
    http: 429,
    params: ['retryAfterSeconds'],
    en: 'Busy right now, please try again in {retryAfterSeconds} s',
    hi: 'अभी व्यस्त है, कृपया {retryAfterSeconds} सेकंड में पुनः प्रयास करें',
    zh: '当前繁忙，请在 {retryAfterSeconds} 秒后重试',
  },
  SYSTEM_BUSY: {
    http: 500,
    params: ['errorId'],
    en: 'System busy, please try again later (reference {errorId})',
    hi: 'सिस्टम व्यस्त है, कृपया बाद में प्रयास करें (संदर्भ {errorId})',
    zh: '系统繁忙，请稍后再试（编号 {errorId}）',
  },
  IDEMPOTENCY_KEY_REUSED: {
    http: 400,
    params: [],
    en: 'This request key was already used for a different request',
    hi: 'यह अनुरोध कुंजी पहले ही किसी अन्य अनुरोध के लिए उपयोग की जा चुकी है',
    zh: '此请求标识已用于另一个请求',
  },
  IDEMPOTENCY_KEY_INVALID: {
    http: 400,
    params: [],
    en: 'The Idempotency-Key header must be 8 to 128 letters, digits, dashes or underscores',
    hi: 'Idempotency-Key हेडर 8 से 128 अक्षर, अंक, डैश या अंडरस्कोर का होना चाहिए',
    zh: 'Idempotency-Key 请求头须为 8 至 128 位字母、数字、短横线或下划线',
  },
  UPLOAD_FAILED: refusal(['reason'], 'Upload failed: {reason}', 'अपलोड विफल: {reason}', '上传失败：{reason}'),

  // Account.
  ACCOUNT_NOT_FOUND: refusal([], 'Account does not exist', 'खाता मौजूद नहीं है', '账户不存在'),
  ACCOUNT_OR_PASSWORD_WRONG: refusal(
    [],
    'Account or password is wrong',
    'खाता या पासवर्ड गलत है',
    '账号或密码错误',
  ),
  ACCOUNT_EXISTS: refusal([], 'Account already exists', 'खाता पहले से मौजूद है', '账户已存在'),
  INVITER_NOT_FOUND: refusal(
    [],
    'The invitation code does not exist',
    'आमंत्रण कोड मौजूद नहीं है',
    '邀请码不存在',
  ),
  REGISTRATION_FAILED: refusal([], 'Registration failed', 'पंजीकरण विफल रहा', '注册失败'),
  LOGIN_FAILED: refusal([], 'Login failed', 'लॉग इन विफल रहा', '登录失败'),
  AGREEMENT_REQUIRED: refusal(
    [],
    'Please accept the user agreement and privacy policy',
    'कृपया उपयोगकर्ता अनुबंध और गोपनीयता नीति स्वीकार करें',
    '请先同意用户协议和隐私政策',
  ),
  PHONE_INVALID: refusal(
    [],
    'Enter a valid 10-digit mobile number',
    'मान्य 10 अंकों का मोबाइल नंबर दर्ज करें',
    '请输入有效的10位手机号码',
  ),
  PASSWORD_TOO_WEAK: refusal(
    ['minLength'],
    'The password needs at least {minLength} characters with a letter and a digit',
    'पासवर्ड में कम से कम {minLength} अक्षर हों, जिनमें एक अक्षर और एक अंक हो',
    '密码至少需要 {minLength} 位，且包含字母和数字',
  ),

  // Account state (flags set by staff with a recorded reason).
  ACCOUNT_FROZEN: refusal(
    [],
    'Your account is frozen, please contact customer service',
    'आपका खाता फ्रीज़ है, कृपया ग्राहक सेवा से संपर्क करें',
    '您的账户已被冻结，请联系客服',
  ),
  LOGIN_BANNED: refusal(
    [],
    'Login is banned for this account, please contact customer service',
    'इस खाते के लिए लॉग इन प्रतिबंधित है, कृपया ग्राहक सेवा से संपर्क करें',
    '该账户已被禁止登录，请联系客服',
  ),
  ACCOUNT_DISABLED: refusal(
    [],
    'This account is disabled, please contact customer service',
    'यह खाता अक्षम है, कृपया ग्राहक सेवा से संपर्क करें',
    '该账户已被禁用，请联系客服',
  ),
  WITHDRAWAL_BARRED: refusal(
    [],
    'Withdrawals are barred for this account, please contact customer service',
    'इस खाते से निकासी प्रतिबंधित है, कृपया ग्राहक सेवा से संपर्क करें',
    '该账户已被禁止提现，请联系客服',
  ),

  // Passwords.
  PASSWORDS_DO_NOT_MATCH: refusal([], 'Passwords do not match', 'पासवर्ड मेल नहीं खाते', '两次输入的密码不一致'),
  ORIGINAL_PASSWORD_WRONG: refusal([], 'The original password is wrong', 'मूल पासवर्ड गलत है', '原密码错误'),
  PASSWORD_CHANGE_FAILED: refusal([], 'Change failed', 'बदलाव विफल रहा', '修改失败'),
  FUND_PASSWORD_WRONG: refusal(
    ['attemptsLeft'],
    'The fund password is wrong ({attemptsLeft} attempts left)',
    'फंड पासवर्ड गलत है ({attemptsLeft} प्रयास शेष)',
    '资金密码错误（还可尝试 {attemptsLeft} 次）',
  ),
  FUND_PASSWORD_NOT_SET: refusal(
    [],
    'Please set a fund password first',
    'कृपया पहले फंड पासवर्ड सेट करें',
    '请先设置资金密码',
  ),
  FUND_PASSWORD_LOCKED: refusal(
    ['minutes'],
    'Too many wrong fund passwords: fund actions are locked for {minutes} minutes',
    'बहुत अधिक गलत फंड पासवर्ड: फंड क्रियाएं {minutes} मिनट के लिए लॉक हैं',
    '资金密码错误次数过多：资金操作已锁定 {minutes} 分钟',
  ),
  CHANNEL_PASSWORD_WRONG: refusal([], 'The channel password is wrong', 'चैनल पासवर्ड गलत है', '通道密码错误'),
  SECRET_KEY_MISMATCH: refusal([], 'The secret key does not match', 'गुप्त कुंजी मेल नहीं खाती', '密钥不匹配'),
  RESET_CODE_INVALID: refusal(
    [],
    'The reset code is wrong or has expired',
    'रीसेट कोड गलत है या समाप्त हो गया है',
    '重置码错误或已过期',
  ),

  // Funds.
  BALANCE_INSUFFICIENT: refusal([], 'Balance insufficient', 'शेष राशि अपर्याप्त है', '余额不足'),
  FUNDS_INSUFFICIENT: refusal(
    [],
    'Available balance insufficient',
    'उपलब्ध शेष राशि अपर्याप्त है',
    '可用余额不足',
  ),
  WITHDRAWABLE_INSUFFICIENT: refusal(
    ['withdrawable'],
    'Withdrawable amount insufficient (withdrawable: ₹{withdrawable})',
    'निकासी योग्य राशि अपर्याप्त है (निकासी योग्य: ₹{withdrawable})',
    '可提现金额不足（可提现：₹{withdrawable}）',
  ),
  // Kept because the spec lists it; Nivesh never gates a withdrawal on the credit score (DESIGN 1.3).
  CREDIT_SCORE_TOO_LOW: refusal(
    [],
    'Credit score too low for this loan',
    'इस ऋण के लिए क्रेडिट स्कोर बहुत कम है',
    '信用分过低，无法申请此贷款',
  ),
  CREDIT_QUOTA_INSUFFICIENT: refusal([], 'Credit quota insufficient', 'क्रेडिट कोटा अपर्याप्त है', '信用额度不足'),
  OTHER_FUND_OPERATION_PENDING: refusal(
    [],
    'You have another fund operation in progress',
    'आपका एक अन्य फंड संचालन प्रगति में है',
    '当前用户有其他资金操作正在处理',
  ),
  DEPOSIT_PENDING: refusal(
    [],
    'A deposit is already pending review',
    'एक जमा पहले से समीक्षा के लिए लंबित है',
    '已有一笔充值正在审核中',
  ),
  ORDER_PENDING_REVIEW: refusal(
    [],
    'An order is already pending review',
    'एक ऑर्डर पहले से समीक्षा के लिए लंबित है',
    '已有订单正在审核中',
  ),
  AMOUNT_REQUIRED: refusal([], 'Please enter the amount', 'कृपया राशि दर्ज करें', '请输入金额'),
  AMOUNT_BELOW_MINIMUM: refusal(
    ['min'],
    'The minimum amount is ₹{min}',
    'न्यूनतम राशि ₹{min} है',
    '最低金额为 ₹{min}',
  ),
  AMOUNT_ABOVE_MAXIMUM: refusal(
    ['max'],
    'The maximum amount is ₹{max}',
    'अधिकतम राशि ₹{max} है',
    '最高金额为 ₹{max}',
  ),
  OUTSIDE_DEPOSIT_WINDOW: refusal(
    ['from', 'to'],
    'Please deposit within the deposit time {from}-{to}',
    'कृपया जमा समय {from}-{to} के भीतर जमा करें',
    '请在充值时间 {from}-{to} 内操作',
  ),
  OUTSIDE_WITHDRAWAL_WINDOW: refusal(
    ['from', 'to'],
    'Please withdraw within the withdrawal time {from}-{to} on working days',
    'कृपया कार्य दिवसों पर निकासी समय {from}-{to} के भीतर निकासी करें',
    '请在工作日提现时间 {from}-{to} 内操作',
  ),
  RECEIPT_REQUIRED: refusal([], 'Please upload the receipt first', 'कृपया पहले रसीद अपलोड करें', '请先上传凭证'),
  PAYOUT_DESTINATION_REQUIRED: refusal(
    [],
    'Please choose a bank card or wallet',
    'कृपया बैंक कार्ड या वॉलेट चुनें',
    '请选择银行卡或钱包',
  ),
  // The time it becomes usable, not the cooling-off setting: the setting may have changed since the
  // destination was added (set to 0, it would read "0 hours after it was added").
  PAYOUT_DESTINATION_COOLING_OFF: refusal(
    ['until'],
    'This payout destination can receive money from {until}',
    'यह भुगतान गंतव्य {until} से धन प्राप्त कर सकता है',
    '该收款账户自 {until} 起可以收款',
  ),
  SAME_CURRENCY: refusal(
    [],
    'The same currency cannot be exchanged',
    'एक ही मुद्रा का विनिमय नहीं किया जा सकता',
    '相同币种无法兑换',
  ),
  CURRENCY_UNSUPPORTED: refusal(
    ['currency'],
    'Currency {currency} is not supported',
    'मुद्रा {currency} समर्थित नहीं है',
    '不支持币种 {currency}',
  ),

  // Loans.
  LOAN_OUTSTANDING: refusal(
    [],
    'You have an outstanding credit loan, please repay it first',
    'आपका एक क्रेडिट ऋण बकाया है, कृपया पहले उसे चुकाएं',
    '您有未还清的信用贷款，请先还款',
  ),
  BORROW_QUOTA_INSUFFICIENT: refusal(
    ['available'],
    'Borrowing quota insufficient (you may borrow ₹{available})',
    'उधार कोटा अपर्याप्त है (आप ₹{available} उधार ले सकते हैं)',
    '可借额度不足（可借 ₹{available}）',
  ),
  LOAN_OVER_LIMIT: refusal(
    ['max'],
    'The loan exceeds the limit of ₹{max} for one loan',
    'ऋण एक ऋण की सीमा ₹{max} से अधिक है',
    '贷款金额超出单笔上限 ₹{max}',
  ),
  REPAY_EXCEEDS_OWED: refusal(
    ['owed'],
    'Repayment cannot exceed the amount owed (₹{owed})',
    'चुकौती बकाया राशि (₹{owed}) से अधिक नहीं हो सकती',
    '还款金额不能超过欠款（₹{owed}）',
  ),
  LOAN_REPAYMENT_REFERENCE_USED: refusal(
    ['reference'],
    'A repayment with reference {reference} is already recorded',
    'संदर्भ {reference} वाली चुकौती पहले से दर्ज है',
    '凭证号 {reference} 的还款已登记',
  ),
  REPAY_VIA_SUPPORT: refusal(
    [],
    'The system cannot deduct this repayment; please contact customer service to repay',
    'सिस्टम यह चुकौती नहीं काट सकता; चुकाने के लिए कृपया ग्राहक सेवा से संपर्क करें',
    '系统无法扣款，请联系客服还款',
  ),

  // Trading.
  OUTSIDE_TRADING_HOURS: refusal([], 'Outside trading hours', 'ट्रेडिंग समय के बाहर', '非交易时间'),
  PRICE_UNAVAILABLE: refusal(
    [],
    'The stock price is unavailable',
    'स्टॉक मूल्य उपलब्ध नहीं है',
    '无法获取股票价格',
  ),
  BEYOND_PRICE_LIMIT: refusal(
    ['lower', 'upper'],
    'The price is beyond the daily limit (₹{lower} to ₹{upper})',
    'मूल्य दैनिक सीमा (₹{lower} से ₹{upper}) से बाहर है',
    '价格超出当日涨跌停范围（₹{lower} 至 ₹{upper}）',
  ),
  BEYOND_BLOCK_BAND: refusal(
    ['lower', 'upper'],
    'The price is outside the block deal band (₹{lower} to ₹{upper})',
    'मूल्य ब्लॉक डील सीमा (₹{lower} से ₹{upper}) से बाहर है',
    '价格超出大宗交易价格区间（₹{lower} 至 ₹{upper}）',
  ),
  BLOCK_TRADE_CLOSED: refusal([], 'Block trading is closed', 'ब्लॉक ट्रेडिंग बंद है', '大宗交易未开放'),
  MARGIN_TRADING_NOT_ENABLED: refusal(
    [],
    'Intraday (margin) trading is not enabled for your account',
    'आपके खाते के लिए इंट्राडे (मार्जिन) ट्रेडिंग सक्षम नहीं है',
    '您的账户未开通日内（融资）交易',
  ),
  TRADING_NOT_ALLOWED: refusal(
    [],
    'This account cannot trade or purchase, please contact customer service',
    'यह खाता ट्रेड या खरीद नहीं कर सकता, कृपया ग्राहक सेवा से संपर्क करें',
    '该账户无法交易或申购，请联系客服',
  ),
  POSITION_LOCKED: refusal([], 'The position is locked', 'पोज़िशन लॉक है', '持仓已锁定'),
  LOCKED_T_PLUS_DAYS: refusal(
    ['days', 'remaining'],
    'T+{days}: cannot sell yet ({remaining} left)',
    'T+{days}: अभी बेच नहीं सकते ({remaining} शेष)',
    'T+{days}：暂不可卖出（剩余 {remaining}）',
  ),
  LOCKED_MINUTES: refusal(
    ['minutes', 'remaining'],
    'Can be sold {minutes} minutes after buying ({remaining} left)',
    'खरीद के {minutes} मिनट बाद बेचा जा सकता है ({remaining} शेष)',
    '买入 {minutes} 分钟后才可卖出（剩余 {remaining}）',
  ),
  INSTRUMENT_NOT_FOUND: refusal(
    ['symbol'],
    'Unknown symbol {symbol}',
    'अज्ञात सिंबल {symbol}',
    '未知代码 {symbol}',
  ),
  QUANTITY_NOT_WHOLE: refusal(
    [],
    'The quantity must be a whole number of lots',
    'मात्रा पूर्ण लॉट में होनी चाहिए',
    '数量必须为整数手',
  ),
  QUANTITY_BELOW_MINIMUM: refusal(
    ['min'],
    'The minimum quantity is {min}',
    'न्यूनतम मात्रा {min} है',
    '最小数量为 {min}',
  ),
  PRICE_NOT_POSITIVE: refusal(
    [],
    'The price must be greater than 0',
    'मूल्य 0 से अधिक होना चाहिए',
    '价格必须大于0',
  ),
  PRICE_OFF_TICK: refusal(
    ['tick'],
    'The price must be a multiple of the tick size ₹{tick}',
    'मूल्य टिक आकार ₹{tick} का गुणज होना चाहिए',
    '价格必须为最小变动单位 ₹{tick} 的整数倍',
  ),
  LEVERAGE_NOT_ALLOWED: refusal(
    ['allowed'],
    'Leverage not allowed; choose one of {allowed}',
    'यह लीवरेज अनुमत नहीं है; इनमें से चुनें: {allowed}',
    '不支持该杠杆倍数，可选：{allowed}',
  ),
  OPENING_AMOUNT_BELOW_MINIMUM: refusal(
    ['min'],
    'The minimum opening amount is ₹{min}',
    'न्यूनतम प्रारंभिक राशि ₹{min} है',
    '最低开仓金额为 ₹{min}',
  ),
  BLOCK_QUANTITY_BELOW_MINIMUM: refusal(
    ['min'],
    'A block order needs at least {min} shares',
    'ब्लॉक ऑर्डर के लिए कम से कम {min} शेयर चाहिए',
    '大宗交易至少需要 {min} 股',
  ),

  // Trading: orders and positions (docs/api.md, "Trading (orders and positions)").
  INSTRUMENT_NOT_TRADABLE: refusal(
    ['symbol'],
    '{symbol} cannot be traded',
    '{symbol} में ट्रेड नहीं किया जा सकता',
    '{symbol} 不可交易',
  ),
  SHORT_NOT_ALLOWED: refusal(
    ['symbol'],
    '{symbol} cannot be sold short',
    '{symbol} को शॉर्ट नहीं किया जा सकता',
    '{symbol} 不支持做空',
  ),
  ORDER_PRICE_REQUIRED: refusal(
    ['field'],
    'Please enter the {field} for this order type',
    'इस ऑर्डर प्रकार के लिए कृपया {field} दर्ज करें',
    '该订单类型需要填写 {field}',
  ),
  TRIGGER_PRICE_INVALID: refusal(
    ['last'],
    'The trigger price must be beyond the last price ₹{last} in the direction of the order',
    'ट्रिगर मूल्य ऑर्डर की दिशा में अंतिम मूल्य ₹{last} से आगे होना चाहिए',
    '触发价必须在订单方向上越过最新价 ₹{last}',
  ),
  STOP_LIMIT_INVALID: refusal(
    ['trigger'],
    'The limit price of a stop-loss order must be at or beyond its trigger price ₹{trigger}',
    'स्टॉप-लॉस ऑर्डर का लिमिट मूल्य उसके ट्रिगर मूल्य ₹{trigger} पर या उससे आगे होना चाहिए',
    '止损限价单的限价必须等于或越过触发价 ₹{trigger}',
  ),
  DAY_TRADING_ALREADY_APPROVED: refusal(
    [],
    'Day trading is already enabled for your account',
    'आपके खाते के लिए डे ट्रेडिंग पहले से सक्षम है',
    '您的账户已开通日内交易',
  ),

  // Market data.
  PERIOD_UNKNOWN: refusal(
    ['period'],
    'Unknown chart period {period}',
    'अज्ञात चार्ट अवधि {period}',
    '未知K线周期 {period}',
  ),
  ADJUSTMENT_UNKNOWN: refusal(
    ['adjustment'],
    'Unknown price adjustment {adjustment}',
    'अज्ञात मूल्य समायोजन {adjustment}',
    '未知复权方式 {adjustment}',
  ),
  WATCHLIST_LIMIT: refusal(
    ['limit'],
    'A watchlist limit was reached ({limit})',
    'वॉचलिस्ट की सीमा पूरी हो गई ({limit})',
    '自选列表已达上限（{limit}）',
  ),
  // Market data: the trading calendar in the console (docs/adr/0002-trading-calendar.md).
  CALENDAR_DATE_INVALID: refusal(
    ['date'],
    '{date} is not a date (YYYY-MM-DD)',
    '{date} मान्य तारीख नहीं है (YYYY-MM-DD)',
    '{date} 不是有效日期（YYYY-MM-DD）',
  ),
  CALENDAR_DATE_PAST: refusal(
    ['date'],
    '{date} has passed; past trading days cannot change',
    '{date} बीत चुकी है; पिछले ट्रेडिंग दिन बदले नहीं जा सकते',
    '{date} 已过去，历史交易日不可更改',
  ),
  CALENDAR_DAY_EXISTS: refusal(
    ['date', 'kind'],
    '{date} already has a {kind} in the calendar',
    '{date} पर कैलेंडर में पहले से {kind} है',
    '{date} 在日历中已有 {kind}',
  ),
  CALENDAR_HOLIDAY_ON_WEEKEND: refusal(
    ['date'],
    '{date} is a weekend: the market is closed anyway',
    '{date} सप्ताहांत है: बाज़ार वैसे भी बंद रहता है',
    '{date} 是周末，本就休市',
  ),
  CALENDAR_HOURS_INVALID: refusal(
    ['opensAt', 'closesAt'],
    'Session hours {opensAt} to {closesAt} are not valid: a special session needs HH:MM times, opening before closing, with the pre-open and closing sessions on the same day; a holiday takes none',
    'सत्र समय {opensAt} से {closesAt} मान्य नहीं है: विशेष सत्र के लिए HH:MM समय चाहिए, खुलना बंद होने से पहले, और प्री-ओपन व क्लोज़िंग सत्र उसी दिन; छुट्टी के लिए कोई समय नहीं',
    '交易时段 {opensAt} 至 {closesAt} 无效：特别交易时段需要 HH:MM 格式，开市早于收市，且集合竞价与收市时段在同一天；休市日不设时间',
  ),

  // End-of-day reports and the holiday list import (docs/adr/0033).
  DAILY_REPORT_NOT_TRADING_DAY: refusal(
    ['date'],
    '{date} is not a trading day: its money is in the next trading day’s report',
    '{date} ट्रेडिंग दिन नहीं है: उसका पैसा अगले ट्रेडिंग दिन की रिपोर्ट में है',
    '{date} 不是交易日：其资金计入下一个交易日的报告',
  ),
  DAILY_REPORT_DAY_OPEN: refusal(
    ['date'],
    'The session of {date} has not closed yet: its report can be made after the close',
    '{date} का सत्र अभी बंद नहीं हुआ है: उसकी रिपोर्ट बंद होने के बाद बनेगी',
    '{date} 的交易时段尚未收市：收市后才能生成报告',
  ),
  DAILY_REPORT_EXISTS: refusal(
    ['date'],
    'The report of {date} has already been made; a report once made does not change',
    '{date} की रिपोर्ट पहले ही बन चुकी है; बनी हुई रिपोर्ट बदलती नहीं',
    '{date} 的报告已生成；报告一经生成不再更改',
  ),
  DAILY_REPORT_NOT_FOUND: refusal(
    ['date'],
    'There is no report of {date}',
    '{date} की कोई रिपोर्ट नहीं है',
    '没有 {date} 的报告',
  ),
  HOLIDAY_FILE_INVALID: refusal(
    ['line', 'reason'],
    'Line {line} of the holiday list: {reason}. Nothing was stored',
    'छुट्टी सूची की पंक्ति {line}: {reason}। कुछ भी सहेजा नहीं गया',
    '假日列表第 {line} 行：{reason}。未保存任何内容',
  ),
  HOLIDAY_IMPORT_NOTHING_NEW: refusal(
    ['year'],
    'Every holiday of {year} in the list is already in the calendar: nothing to add',
    'सूची में {year} की हर छुट्टी पहले से कैलेंडर में है: जोड़ने को कुछ नहीं',
    '列表中 {year} 年的假日均已在日历中：无可添加',
  ),

  // New shares, products, lending.
  SUBSCRIPTION_NOT_STARTED: refusal(
    [],
    'It is not yet subscription time',
    'अभी सब्सक्रिप्शन का समय नहीं है',
    '尚未到申购时间',
  ),
  NOT_YET_LISTED: refusal([], 'Not yet listed', 'अभी सूचीबद्ध नहीं है', '尚未上市'),
  SUBSCRIPTION_CHANNEL_CLOSED: refusal(
    [],
    'The subscription channel is not open',
    'सब्सक्रिप्शन चैनल खुला नहीं है',
    '申购通道未开放',
  ),
  SUBSCRIPTION_LIMIT_REACHED: refusal(
    ['limit'],
    'A new share can be subscribed at most {limit} times',
    'एक नए शेयर के लिए अधिकतम {limit} बार आवेदन किया जा सकता है',
    '每只新股最多可申购 {limit} 次',
  ),
  SUBSCRIPTION_BELOW_MINIMUM: refusal(
    ['min'],
    'The minimum subscription is {min} shares',
    'न्यूनतम सब्सक्रिप्शन {min} शेयर है',
    '最低申购数量为 {min} 股',
  ),
  PRODUCT_NOT_FOUND: refusal(
    [],
    'The product does not exist or was taken down',
    'उत्पाद मौजूद नहीं है या हटा दिया गया है',
    '产品不存在或已下架',
  ),
  COPY_TIME_LIMIT_EXCEEDED: refusal(
    [],
    'The copy-order time limit has passed',
    'कॉपी ऑर्डर की समय सीमा समाप्त हो गई है',
    '已超过跟单时间限制',
  ),
  BELOW_PRODUCT_MINIMUM: refusal(
    ['min'],
    'The amount is below the product minimum of ₹{min}',
    'राशि उत्पाद की न्यूनतम ₹{min} से कम है',
    '金额低于产品最低投资额 ₹{min}',
  ),
  LENDING_QUOTA_FULL: refusal(
    [],
    'The securities lending quota is full',
    'प्रतिभूति उधार कोटा भर गया है',
    '融券额度已满',
  ),
  LENDING_CHANNEL_CLOSED: refusal(
    [],
    'The securities lending channel is closed',
    'प्रतिभूति उधार चैनल बंद है',
    '融券通道已关闭',
  ),
  LENDING_BELOW_MINIMUM: refusal(
    ['min'],
    'The minimum lending value is ₹{min}',
    'न्यूनतम उधार मूल्य ₹{min} है',
    '最低出借金额为 ₹{min}',
  ),
  // Products and partial sells: docs/adr/0019-partial-sells.md.
  PRODUCT_CONFLICT: refusal(
    ['product'],
    'The product {product} does not match the intraday or leverage chosen',
    'प्रोडक्ट {product} चुने गए इंट्राडे या लीवरेज से मेल नहीं खाता',
    '产品类型 {product} 与所选的日内或杠杆设置不一致',
  ),
  PRODUCT_NOT_ALLOWED: refusal(
    ['product', 'symbol'],
    '{product} is not available for {symbol}',
    '{symbol} के लिए {product} उपलब्ध नहीं है',
    '{symbol} 不支持 {product}',
  ),
  SELL_QUANTITY_NOT_POSITIVE: refusal(
    [],
    'The quantity to sell must be at least 1',
    'बेचने की मात्रा कम से कम 1 होनी चाहिए',
    '卖出数量至少为 1',
  ),
  QUANTITY_ABOVE_HOLDING: refusal(
    ['held'],
    'You hold {held} shares; you cannot sell more than that',
    'आपके पास {held} शेयर हैं; इससे अधिक नहीं बेच सकते',
    '您持有 {held} 股，卖出数量不能超过持仓',
  ),
  PARTIAL_SELL_NOT_ALLOWED: refusal(
    [],
    'This holding cannot be sold in part; sell all of it',
    'यह होल्डिंग आंशिक रूप से नहीं बेची जा सकती; पूरी बेचें',
    '该持仓不能部分卖出，请全部卖出',
  ),
  // Securities lending: docs/adr/0015-securities-lending.md.
  LENDING_NOT_ELIGIBLE: refusal(
    [],
    'Only an unlevered long holding can be lent (not intraday, not a copy-trading position)',
    'केवल बिना लीवरेज वाली लॉन्ग होल्डिंग उधार दी जा सकती है (इंट्राडे या कॉपी-ट्रेडिंग पोज़िशन नहीं)',
    '只有无杠杆的多头持仓可以出借（日内持仓和跟单持仓除外）',
  ),
  POSITION_LENT: refusal(
    ['until'],
    'The holding is lent and locked until {until} IST',
    'यह होल्डिंग उधार दी गई है और {until} IST तक लॉक है',
    '该持仓已出借，锁定至 {until}（印度标准时间）',
  ),
  LENDING_POOL_SHORT: refusal(
    ['symbol', 'available'],
    'Not enough {symbol} shares in the lending pool to sell short: {available} available',
    'शॉर्ट बेचने के लिए उधार पूल में पर्याप्त {symbol} शेयर नहीं हैं: {available} उपलब्ध',
    '融券池中可供卖空的 {symbol} 股份不足：可用 {available} 股',
  ),

  // New shares (IPO, docs/adr/0011-ipo-draw.md): the window, lots, the seed and the draw.
  SUBSCRIPTION_ENDED: refusal(
    [],
    'The subscription period has ended',
    'सब्सक्रिप्शन की अवधि समाप्त हो गई है',
    '申购期已结束',
  ),
  IPO_QUANTITY_NOT_WHOLE_LOTS: refusal(
    ['lot'],
    'Subscribe in whole lots of {lot} shares',
    '{lot} शेयरों के पूरे लॉट में आवेदन करें',
    '请按每手 {lot} 股的整数倍申购',
  ),
  IPO_PAYMENT_DEADLINE_PASSED: refusal(
    [],
    'The payment deadline has passed; the allotment has lapsed',
    'भुगतान की समय सीमा बीत गई है; आवंटन समाप्त हो गया है',
    '缴款期限已过，配售已失效',
  ),
  IPO_ALREADY_OPEN: refusal(
    [],
    'An issue cannot be changed once its subscription has opened (only the final price, until the draw)',
    'सब्सक्रिप्शन खुलने के बाद इश्यू बदला नहीं जा सकता (ड्रॉ तक केवल अंतिम मूल्य)',
    '申购开始后不能修改发行信息（抽签前仅可修改最终价格）',
  ),
  IPO_DATES_INVALID: refusal(
    ['reason'],
    'The issue dates are not valid: {reason}',
    'इश्यू की तिथियाँ मान्य नहीं हैं: {reason}',
    '发行日期无效：{reason}',
  ),
  IPO_TERMS_INVALID: refusal(
    ['reason'],
    'The issue terms are not valid: {reason}',
    'इश्यू की शर्तें मान्य नहीं हैं: {reason}',
    '发行条款无效：{reason}',
  ),
  IPO_CODE_TAKEN: refusal(
    ['code'],
    'The code {code} is already used by an instrument',
    'कोड {code} पहले से किसी इंस्ट्रूमेंट का है',
    '代码 {code} 已被使用',
  ),
  IPO_SEED_ALREADY_COMMITTED: refusal(
    [],
    'The seed of this issue is already committed; a commitment cannot change',
    'इस इश्यू का सीड पहले ही प्रतिबद्ध है; प्रतिबद्धता बदली नहीं जा सकती',
    '该发行的种子已承诺，承诺不能更改',
  ),
  IPO_COMMIT_AFTER_CLOSE: refusal(
    [],
    'The seed must be committed before subscriptions close',
    'सीड को सब्सक्रिप्शन बंद होने से पहले प्रतिबद्ध करना होगा',
    '必须在申购结束前承诺种子',
  ),
  IPO_SEED_NOT_COMMITTED: refusal(
    [],
    'No seed was committed before subscriptions closed; the draw cannot run',
    'सब्सक्रिप्शन बंद होने से पहले कोई सीड प्रतिबद्ध नहीं किया गया; ड्रॉ नहीं हो सकता',
    '申购结束前未承诺种子，无法抽签',
  ),
  IPO_DRAW_BEFORE_CLOSE: refusal(
    [],
    'The draw runs only after subscriptions close',
    'ड्रॉ केवल सब्सक्रिप्शन बंद होने के बाद होता है',
    '申购结束后才能抽签',
  ),
  IPO_SEED_MISMATCH: refusal(
    [],
    'The seed does not match the commitment (its SHA-256 differs)',
    'सीड प्रतिबद्धता से मेल नहीं खाता (इसका SHA-256 अलग है)',
    '种子与承诺不符（SHA-256 不同）',
  ),
  IPO_FINAL_PRICE_REQUIRED: refusal(
    [],
    'Set the final issue price before the draw',
    'ड्रॉ से पहले अंतिम इश्यू मूल्य तय करें',
    '抽签前请设定最终发行价',
  ),

  // Orders and review items in the wrong state.
  ORDER_NOT_FOUND: refusal([], 'The order does not exist', 'ऑर्डर मौजूद नहीं है', '订单不存在'),
  REPEATED_OPERATION: refusal(
    ['state'],
    'The order is not {state}; do not repeat the operation',
    'ऑर्डर {state} स्थिति में नहीं है; कृपया कार्रवाई दोहराएं नहीं',
    '订单不在{state}状态，请勿重复操作',
  ),

  // Cards and wallets.
  CARD_EXISTS: refusal([], 'This card already exists', 'यह कार्ड पहले से मौजूद है', '该银行卡已存在'),
  CARD_NOT_FOUND: refusal([], 'No such card', 'ऐसा कोई कार्ड नहीं है', '银行卡不存在'),
  CARD_NOT_HOLDERS: refusal(
    [],
    "The bank card does not exist or is not the holder's",
    'बैंक कार्ड मौजूद नहीं है या खाताधारक का नहीं है',
    '银行卡不存在或不属于持卡人本人',
  ),
  WALLET_REQUIRED: refusal(
    [],
    'Wallet type and address are required',
    'वॉलेट प्रकार और पता आवश्यक हैं',
    '钱包类型和地址不能为空',
  ),
  FORM_INCOMPLETE: refusal([], 'Please complete the form', 'कृपया फ़ॉर्म पूरा करें', '请完善表单'),

  // Real name (KYC).
  REAL_NAME_REQUIRED: refusal(
    [],
    'Real-name verification must be done first',
    'पहले वास्तविक नाम सत्यापन (KYC) करना आवश्यक है',
    '请先完成实名认证',
  ),
  REAL_NAME_ALREADY_VERIFIED: refusal(
    [],
    'Real-name verification is already done',
    'वास्तविक नाम सत्यापन पहले ही हो चुका है',
    '已完成实名认证',
  ),
  REAL_NAME_UNDER_REVIEW: refusal(
    [],
    'Real-name verification was submitted and is under review',
    'वास्तविक नाम सत्यापन जमा किया गया है और समीक्षा में है',
    '实名认证已提交，正在审核',
  ),

  // Check-in.
  ALREADY_CHECKED_IN: refusal(
    [],
    'You have already checked in today',
    'आप आज पहले ही चेक-इन कर चुके हैं',
    '今日已签到',
  ),
  CHECKIN_COUNT_INSUFFICIENT: refusal(
    ['required'],
    'Insufficient check-in count ({required} needed)',
    'चेक-इन संख्या अपर्याप्त है ({required} आवश्यक)',
    '签到次数不足（需要 {required} 次）',
  ),

  // Funds and identity (docs/adr/0009-funds-evidence-and-review.md): KYC, uploads, payout
  // destinations, deposits, withdrawals, exchange.
  NOT_IN_REVIEW: refusal(
    [],
    'This item is not under review; do not repeat the operation',
    'यह आइटम समीक्षा में नहीं है; कृपया कार्रवाई दोहराएं नहीं',
    '该记录不在审核状态，请勿重复操作',
  ),
  NAME_INVALID: refusal(
    [],
    'Enter your full name as on your ID document',
    'अपना पूरा नाम वैसा ही दर्ज करें जैसा आपके पहचान दस्तावेज़ पर है',
    '请输入与证件一致的姓名',
  ),
  ID_NUMBER_INVALID: refusal(
    ['document'],
    'The {document} number is not valid',
    '{document} संख्या मान्य नहीं है',
    '{document} 号码无效',
  ),
  ID_NUMBER_IN_USE: refusal(
    [],
    'This ID number is already registered with another account',
    'यह पहचान संख्या पहले से किसी अन्य खाते के साथ पंजीकृत है',
    '该证件号码已被其他账户使用',
  ),
  UPLOAD_NOT_FOUND: refusal(
    [],
    'The uploaded file was not found; please upload it again',
    'अपलोड की गई फ़ाइल नहीं मिली; कृपया फिर से अपलोड करें',
    '未找到上传的文件，请重新上传',
  ),
  UPLOAD_EMPTY: refusal([], 'The file is empty', 'फ़ाइल खाली है', '文件为空'),
  UPLOAD_TYPE_NOT_ALLOWED: refusal(
    ['allowed'],
    'This file type is not accepted; accepted: {allowed}',
    'यह फ़ाइल प्रकार स्वीकार्य नहीं है; स्वीकार्य: {allowed}',
    '不支持该文件类型，支持：{allowed}',
  ),
  UPLOAD_UNREADABLE: refusal(
    [],
    'The file could not be read as an image or document',
    'फ़ाइल को छवि या दस्तावेज़ के रूप में पढ़ा नहीं जा सका',
    '无法识别该图片或文档',
  ),
  UPLOAD_DIMENSIONS_TOO_LARGE: refusal(
    ['maxMegapixels'],
    'The image is too large (at most {maxMegapixels} megapixels)',
    'छवि बहुत बड़ी है (अधिकतम {maxMegapixels} मेगापिक्सेल)',
    '图片尺寸过大（最多 {maxMegapixels} 百万像素）',
  ),
  UPLOAD_CONTENT_SUSPICIOUS: refusal(
    [],
    'The file contains content of another kind and was refused',
    'फ़ाइल में किसी अन्य प्रकार की सामग्री है, इसलिए अस्वीकार की गई',
    '文件包含其他类型的内容，已拒绝',
  ),
  UPLOAD_FILE_NAME_INVALID: refusal(
    [],
    'The file name is not allowed',
    'फ़ाइल नाम की अनुमति नहीं है',
    '文件名不合法',
  ),
  IFSC_INVALID: refusal(
    [],
    'The IFSC code is not valid (4 letters, 0, then 6 letters or digits)',
    'IFSC कोड मान्य नहीं है (4 अक्षर, 0, फिर 6 अक्षर या अंक)',
    'IFSC 代码无效（4 位字母、0、再 6 位字母或数字）',
  ),
  BANK_UNKNOWN: refusal(
    ['bankCode'],
    'Bank code {bankCode} is not supported',
    'बैंक कोड {bankCode} समर्थित नहीं है',
    '不支持银行代码 {bankCode}',
  ),
  BANK_ACCOUNT_NUMBER_INVALID: refusal(
    [],
    'The account number must be 9 to 18 digits',
    'खाता संख्या 9 से 18 अंकों की होनी चाहिए',
    '账号须为 9 至 18 位数字',
  ),
  WALLET_ADDRESS_INVALID: refusal(
    ['network'],
    'This is not a valid {network} address',
    'यह मान्य {network} पता नहीं है',
    '不是有效的 {network} 地址',
  ),
  WALLET_NETWORK_REQUIRED: refusal(
    [],
    'Choose the wallet network: TRC20 or ERC20',
    'वॉलेट नेटवर्क चुनें: TRC20 या ERC20',
    '请选择钱包网络：TRC20 或 ERC20',
  ),
  WALLET_EXISTS: refusal(
    [],
    'This wallet address already exists',
    'यह वॉलेट पता पहले से मौजूद है',
    '该钱包地址已存在',
  ),
  DESTINATION_LIMIT_REACHED: refusal(
    ['limit'],
    'You can keep at most {limit} bank cards and wallets',
    'आप अधिकतम {limit} बैंक कार्ड और वॉलेट रख सकते हैं',
    '最多可绑定 {limit} 张银行卡和钱包',
  ),
  CRYPTO_DISABLED: refusal(
    [],
    'Crypto deposits and withdrawals are not available',
    'क्रिप्टो जमा और निकासी उपलब्ध नहीं हैं',
    '暂不支持加密货币充值和提现',
  ),
  DEPOSIT_CHANNEL_UNAVAILABLE: refusal(
    [],
    'This deposit channel is not available',
    'यह जमा चैनल उपलब्ध नहीं है',
    '该充值通道不可用',
  ),
  UTR_INVALID: refusal([], 'The UTR must be 12 digits', 'UTR 12 अंकों का होना चाहिए', 'UTR 须为 12 位数字'),
  TX_HASH_INVALID: refusal(
    [],
    'The transaction hash must be 64 hexadecimal characters',
    'लेनदेन हैश 64 हेक्साडेसिमल वर्णों का होना चाहिए',
    '交易哈希须为 64 位十六进制字符',
  ),
  PAYER_REFERENCE_USED: refusal(
    [],
    'This payment reference was already submitted',
    'यह भुगतान संदर्भ पहले ही जमा किया जा चुका है',
    '该付款凭证号已提交过',
  ),
  SECOND_APPROVER_REQUIRED: refusal(
    [],
    'A second, different staff member must approve this: you made or first approved it',
    'इसे किसी दूसरे, अलग स्टाफ सदस्य द्वारा स्वीकृत किया जाना चाहिए: यह आपने किया या पहले स्वीकृत किया है',
    '须由另一名工作人员复核：此申请由您发起或已由您初审',
  ),
  PAYOUT_REFERENCE_REQUIRED: refusal(
    [],
    'Enter the payout reference to complete the approval',
    'स्वीकृति पूरी करने के लिए भुगतान संदर्भ दर्ज करें',
    '请填写打款凭证号以完成审批',
  ),
  EXCHANGE_PAIR_UNAVAILABLE: refusal(
    ['from', 'to'],
    'Exchange from {from} to {to} is not available',
    '{from} से {to} में विनिमय उपलब्ध नहीं है',
    '暂不支持 {from} 兑换 {to}',
  ),
  EXCHANGE_AMOUNT_TOO_SMALL: refusal(
    [],
    'The amount is too small to exchange',
    'विनिमय के लिए राशि बहुत कम है',
    '兑换金额过小',
  ),
  RATE_INVALID: refusal(
    [],
    'The rate must be a positive decimal with at most 8 decimals',
    'दर अधिकतम 8 दशमलव वाली धनात्मक संख्या होनी चाहिए',
    '汇率须为正数，最多 8 位小数',
  ),
  SETTING_INVALID: refusal(
    ['field'],
    'The value of {field} is not valid',
    '{field} का मान मान्य नहीं है',
    '{field} 的值无效',
  ),
  // Staff console operations (docs/api.md, "Console calls"): parameters, config, ledger corrections, market.
  PARAMETER_UNKNOWN: refusal(
    ['name'],
    'There is no parameter {name}',
    '{name} नाम का कोई पैरामीटर नहीं है',
    '不存在参数 {name}',
  ),
  PARAMETER_TYPE_INVALID: refusal(
    ['name', 'expected'],
    'The value of {name} must be {expected}',
    '{name} का मान {expected} होना चाहिए',
    '{name} 的值必须是 {expected}',
  ),
  // Charge schedules (docs/adr/0020).
  CHARGE_RATE_INVALID: refusal(
    ['field'],
    'The rate {field} is not valid: a percent from 0 to 100 with at most 7 decimals',
    'दर {field} मान्य नहीं है: 0 से 100 के बीच प्रतिशत, अधिकतम 7 दशमलव',
    '费率 {field} 无效：须为 0 到 100 之间的百分比，最多 7 位小数',
  ),
  CHARGE_SCHEDULE_DATE_TAKEN: refusal(
    ['date'],
    'A charge schedule already starts on {date}',
    '{date} से पहले से एक शुल्क अनुसूची लागू है',
    '{date} 已有一份收费标准生效',
  ),
  CHARGE_SCHEDULE_DATE_NOT_FUTURE: refusal(
    ['today'],
    'A new charge schedule must start after today ({today}, IST)',
    'नई शुल्क अनुसूची आज ({today}, IST) के बाद से शुरू होनी चाहिए',
    '新的收费标准须在今天（{today}，印度时间）之后生效',
  ),
  PARAMETER_BELOW_MINIMUM: refusal(
    ['name', 'min'],
    'The value of {name} is too low: the least allowed is {min}',
    '{name} का मान बहुत कम है: न्यूनतम {min} है',
    '{name} 的值过低：最小为 {min}',
  ),
  PARAMETER_ABOVE_MAXIMUM: refusal(
    ['name', 'max'],
    'The value of {name} is too high: the most allowed is {max}',
    '{name} का मान बहुत अधिक है: अधिकतम {max} है',
    '{name} 的值过高：最大为 {max}',
  ),
  PARAMETER_WINDOW_ORDER: refusal(
    ['name', 'start', 'end'],
    'The window {name} must end after it starts ({start}–{end})',
    '{name} समय-सीमा शुरू होने के बाद समाप्त होनी चाहिए ({start}–{end})',
    '时间窗口 {name} 的结束时间必须晚于开始时间（{start}–{end}）',
  ),
  PARAMETER_CHOICE_INVALID: refusal(
    ['name', 'choices'],
    '{name} must be one of: {choices}',
    '{name} इनमें से एक होना चाहिए: {choices}',
    '{name} 必须是以下之一：{choices}',
  ),
  PARAMETER_RANGE_ORDER: refusal(
    ['minName', 'maxName', 'min', 'max'],
    'The minimum {minName} ({min}) must not be above the maximum {maxName} ({max})',
    'न्यूनतम {minName} ({min}) अधिकतम {maxName} ({max}) से ऊपर नहीं हो सकता',
    '最小值 {minName}（{min}）不能高于最大值 {maxName}（{max}）',
  ),
  CONFIG_NAME_UNKNOWN: refusal(
    ['name'],
    'There is no editable setting {name}',
    '{name} नाम की कोई संपादन योग्य सेटिंग नहीं है',
    '不存在可编辑的配置项 {name}',
  ),
  CONFIG_VALUE_EMPTY: refusal(
    ['name'],
    '{name} cannot be empty',
    '{name} खाली नहीं हो सकता',
    '{name} 不能为空',
  ),
  CONFIG_VALUE_TOO_LONG: refusal(
    ['name', 'max'],
    '{name} is too long: at most {max} characters',
    '{name} बहुत लंबा है: अधिकतम {max} अक्षर',
    '{name} 过长：最多 {max} 个字符',
  ),
  CONFIG_URL_INVALID: refusal(
    ['name'],
    '{name} must be a web address (https://…), mailto: or tel: link, or a path starting with /',
    '{name} एक वेब पता (https://…), mailto: या tel: लिंक, या / से शुरू होने वाला पथ होना चाहिए',
    '{name} 必须是网址（https://…）、mailto: 或 tel: 链接，或以 / 开头的路径',
  ),
  SESSION_NOT_FOUND: refusal(
    [],
    'No such live session for this user',
    'इस उपयोगकर्ता का ऐसा कोई सक्रिय सत्र नहीं है',
    '该用户不存在此有效会话',
  ),
  JOURNAL_ENTRY_NOT_FOUND: refusal([], 'No such journal entry', 'ऐसी कोई जर्नल प्रविष्टि नहीं है', '不存在此分录'),
  REVERSAL_REQUEST_NOT_FOUND: refusal(
    [],
    'No such reversal request',
    'ऐसा कोई रिवर्सल अनुरोध नहीं है',
    '不存在此冲正申请',
  ),
  REVERSAL_ALREADY_PENDING: refusal(
    [],
    'A reversal of this entry is already waiting for a second approver',
    'इस प्रविष्टि का रिवर्सल पहले से दूसरे अनुमोदक की प्रतीक्षा में है',
    '该分录的冲正已在等待第二审批人',
  ),
  REVERSAL_ALREADY_DECIDED: refusal(
    ['state'],
    'This request was already decided ({state})',
    'यह अनुरोध पहले ही तय हो चुका है ({state})',
    '该申请已处理（{state}）',
  ),
  INSTRUMENT_TICK_INVALID: refusal(
    [],
    'The tick size must be a positive amount with at most 2 decimals',
    'टिक आकार 2 दशमलव तक की धनात्मक राशि होना चाहिए',
    '最小变动价位必须是最多两位小数的正数',
  ),
  NOTHING_TO_CHANGE: refusal([], 'Nothing to change', 'बदलने के लिए कुछ नहीं है', '没有需要修改的内容'),
  CORPORATE_ACTION_RATIO_INVALID: refusal(
    [],
    'A split or bonus needs a ratio from:to with two different whole numbers, and no dividend',
    'स्प्लिट या बोनस के लिए दो अलग पूर्ण संख्याओं का अनुपात चाहिए, और कोई लाभांश नहीं',
    '拆股或送股需要两个不同整数的比例，且不能带股息',
  ),
  CORPORATE_ACTION_DIVIDEND_INVALID: refusal(
    [],
    'A dividend needs a positive amount per share with at most 2 decimals, and no ratio',
    'लाभांश के लिए प्रति शेयर 2 दशमलव तक की धनात्मक राशि चाहिए, और कोई अनुपात नहीं',
    '股息需要每股金额（正数，最多两位小数），且不能带比例',
  ),
  FEED_CONTROL_UNAVAILABLE: refusal(
    [],
    'This server cannot switch the feed: it was started without the simulator',
    'यह सर्वर फ़ीड नहीं बदल सकता: इसे सिम्युलेटर के बिना शुरू किया गया था',
    '此服务器无法切换行情源：启动时未启用模拟器',
  ),
  // Copy-trading (docs/adr/0014-copy-trading.md).
  FOLLOW_ALREADY_IN_PROGRESS: refusal(
    ['product'],
    'You already follow {product}; one follow at a time, until it ends',
    'आप पहले से {product} को फ़ॉलो कर रहे हैं; एक समय में एक ही फ़ॉलो, उसके समाप्त होने तक',
    '您已在跟单 {product}；同一时间只能跟单一个产品，直至其结束',
  ),
  FOLLOW_POSITION_MIRRORED: refusal(
    [],
    'This position mirrors a copy-trading product and closes with its strategy or at its end',
    'यह पोज़िशन एक कॉपी-ट्रेडिंग उत्पाद की नकल है और उसकी रणनीति के साथ या उसके अंत में बंद होती है',
    '该持仓为跟单产品的镜像持仓，随策略平仓或在产品结束时平仓',
  ),
  // Second factors (docs/adr/0022-investor-two-factor.md).
  STAFF_NOT_FOUND: refusal([], 'No such staff member', 'ऐसा कोई स्टाफ सदस्य नहीं है', '不存在此工作人员'),
  OWN_SECOND_FACTOR_RESET: refusal(
    [],
    'You cannot reset your own second factor: another admin must do it',
    'आप अपना दूसरा सत्यापन कारक स्वयं रीसेट नहीं कर सकते: किसी दूसरे एडमिन को यह करना होगा',
    '不能重置自己的第二验证因素：须由另一名管理员操作',
  ),
  TWO_FACTOR_CODE_WRONG: refusal(
    [],
    'The verification code is wrong or was already used',
    'सत्यापन कोड गलत है या पहले ही उपयोग हो चुका है',
    '验证码错误或已使用',
  ),
  TWO_FACTOR_ALREADY_ENABLED: refusal(
    [],
    'Two-factor sign-in is already on',
    'दो-चरणीय साइन-इन पहले से चालू है',
    '两步验证登录已开启',
  ),
  TWO_FACTOR_NOT_ENABLED: refusal(
    [],
    'Two-factor sign-in is not on',
    'दो-चरणीय साइन-इन चालू नहीं है',
    '两步验证登录未开启',
  ),
  TWO_FACTOR_ENROLMENT_NOT_STARTED: refusal(
    [],
    'Start the set-up first to get a new secret',
    'नई गुप्त कुंजी पाने के लिए पहले सेट-अप शुरू करें',
    '请先开始设置以获取新密钥',
  ),
  TWO_FACTOR_REQUIRED: {
    http: 403,
    params: [],
    en: 'Set up two-factor sign-in to continue',
    hi: 'जारी रखने के लिए दो-चरणीय साइन-इन सेट करें',
    zh: '请先设置两步验证登录',
  },
  TWO_FACTOR_REQUIRED_BY_PLATFORM: refusal(
    [],
    'Two-factor sign-in is required on this platform and cannot be turned off',
    'इस प्लेटफ़ॉर्म पर दो-चरणीय साइन-इन अनिवार्य है और बंद नहीं किया जा सकता',
    '本平台要求两步验证登录，无法关闭',
  ),
  // Passkeys (docs/adr/0028-passkeys.md).
  PASSKEY_CHALLENGE_WRONG: refusal(
    [],
    'This passkey answer is for another request: try again',
    'यह पासकी उत्तर किसी दूसरे अनुरोध का है: फिर से प्रयास करें',
    '此通行密钥应答属于另一个请求，请重试',
  ),
  PASSKEY_CHALLENGE_EXPIRED: refusal(
    ['minutes'],
    'This passkey request has expired or was already used (each works once, for {minutes} minutes): try again',
    'यह पासकी अनुरोध समाप्त हो गया या पहले ही उपयोग हो चुका है (हर अनुरोध एक बार, {minutes} मिनट तक चलता है): फिर से प्रयास करें',
    '此通行密钥请求已过期或已使用（每个请求仅可使用一次，有效 {minutes} 分钟），请重试',
  ),
  PASSKEY_UNKNOWN: refusal(
    [],
    'This passkey is not registered to your account',
    'यह पासकी आपके खाते में पंजीकृत नहीं है',
    '此通行密钥未登记在您的账户中',
  ),
  PASSKEY_COUNTER_REGRESSED: refusal(
    [],
    'This passkey was refused: its use counter went backwards, which is what a copied authenticator does. Use another factor and remove this passkey',
    'यह पासकी अस्वीकार की गई: इसका उपयोग-गणक पीछे चला गया, जो कॉपी किए गए ऑथेंटिकेटर का संकेत है। दूसरे कारक का उपयोग करें और यह पासकी हटाएँ',
    '此通行密钥被拒绝：其使用计数器倒退，这是被复制的验证器的特征。请使用其他验证方式并移除此通行密钥',
  ),
  PASSKEY_ORIGIN_MISMATCH: refusal(
    [],
    'This passkey answer was made for another site',
    'यह पासकी उत्तर किसी दूसरी साइट के लिए बनाया गया था',
    '此通行密钥应答是为其他网站生成的',
  ),
  PASSKEY_INVALID: refusal(
    [],
    'The passkey answer could not be verified',
    'पासकी उत्तर सत्यापित नहीं हो सका',
    '无法验证通行密钥应答',
  ),
  PASSKEY_ALREADY_REGISTERED: refusal(
    [],
    'This passkey is already registered',
    'यह पासकी पहले से पंजीकृत है',
    '此通行密钥已登记',
  ),
  PASSKEY_LIMIT_REACHED: refusal(
    ['max'],
    'You can keep at most {max} passkeys: remove one first',
    'आप अधिकतम {max} पासकी रख सकते हैं: पहले एक हटाएँ',
    '最多可保留 {max} 个通行密钥，请先移除一个',
  ),
  PASSKEY_NOT_FOUND: refusal(
    [],
    'No such passkey on your account',
    'आपके खाते में ऐसी कोई पासकी नहीं है',
    '您的账户中没有此通行密钥',
  ),
  PASSKEY_NONE: refusal(
    [],
    'You have no passkey: use the code from your authenticator app',
    'आपकी कोई पासकी नहीं है: अपने ऑथेंटिकेटर ऐप का कोड उपयोग करें',
    '您没有通行密钥，请使用身份验证器中的验证码',
  ),
  PASSKEY_PROOF_REQUIRED: refusal(
    [],
    'Confirm with your fund password or a code from your authenticator app',
    'अपने फंड पासवर्ड या ऑथेंटिकेटर ऐप के कोड से पुष्टि करें',
    '请用资金密码或身份验证器中的验证码确认',
  ),
  LOGIN_CHALLENGE_EXPIRED: refusal(
    [],
    'This sign-in step has expired: sign in again',
    'यह साइन-इन चरण समाप्त हो गया है: फिर से साइन इन करें',
    '本次登录验证已过期，请重新登录',
  ),
  TWO_FACTOR_RESET_PENDING: refusal(
    [],
    'A reset of this second factor is already waiting for a second staff member',
    'इस दूसरे कारक का रीसेट पहले से किसी दूसरे स्टाफ सदस्य की पुष्टि की प्रतीक्षा में है',
    '该第二验证因素的重置申请已在等待另一名工作人员确认',
  ),
  TWO_FACTOR_RESET_NOT_FOUND: refusal(
    [],
    'No such reset request waiting',
    'ऐसा कोई प्रतीक्षारत रीसेट अनुरोध नहीं है',
    '不存在待确认的此重置申请',
  ),
  WITHDRAWAL_PAUSED_AFTER_RESET: refusal(
    ['hours'],
    'Withdrawals are paused for {hours} hours after your second factor was reset',
    'आपका दूसरा सत्यापन कारक रीसेट होने के बाद {hours} घंटे तक निकासी रुकी रहती है',
    '第二验证因素重置后 {hours} 小时内暂停提现',
  ),
  // Contract notes and reports (docs/adr/0021-contract-notes.md).
  CONTRACT_NOTE_NOT_FOUND: {
    http: 404,
    params: [],
    en: 'No such contract note',
    hi: 'ऐसा कोई कॉन्ट्रैक्ट नोट नहीं है',
    zh: '未找到该成交单',
  },
  FINANCIAL_YEAR_INVALID: refusal(
    ['value'],
    'Not a financial year: {value} (write it as 2025-26)',
    'यह वित्त वर्ष नहीं है: {value} (इसे 2025-26 की तरह लिखें)',
    '不是有效的财年：{value}（格式如 2025-26）',
  ),
  // Maker-checker, queues and bank statements (docs/adr/0027-maker-checker-and-statement-matching.md).
  APPROVAL_REQUEST_NOT_FOUND: refusal(
    [],
    'No such approval request',
    'ऐसा कोई स्वीकृति अनुरोध नहीं है',
    '未找到该复核申请',
  ),
  APPROVAL_ALREADY_PENDING: refusal(
    ['target'],
    'A change of {target} is already waiting for a second approval',
    '{target} का एक बदलाव पहले से दूसरी स्वीकृति की प्रतीक्षा में है',
    '{target} 已有一项变更在等待复核',
  ),
  APPROVAL_ALREADY_DECIDED: refusal(
    ['state'],
    'This request was already decided ({state})',
    'इस अनुरोध पर पहले ही निर्णय हो चुका है ({state})',
    '该申请已处理（{state}）',
  ),
  PAYOUT_REFERENCE_USED: refusal(
    ['reference', 'withdrawal', 'investor'],
    'Payout reference {reference} was already used for withdrawal {withdrawal} of {investor}',
    'भुगतान संदर्भ {reference} पहले ही {investor} की निकासी {withdrawal} के लिए उपयोग हो चुका है',
    '打款凭证号 {reference} 已用于 {investor} 的提现 {withdrawal}',
  ),
  REASON_REQUIRED: refusal([], 'Give a reason for this change', 'इस बदलाव का कारण बताएं', '请填写变更原因'),
  HOLIDAY_NOT_REMOVABLE: refusal(
    ['date'],
    'The day {date} was not added by staff and cannot be removed',
    'दिन {date} स्टाफ द्वारा नहीं जोड़ा गया था और हटाया नहीं जा सकता',
    '{date} 不是工作人员添加的日期，无法删除',
  ),
  STAFF_SELF_ACTION: refusal(
    [],
    'You cannot do this to your own staff account: ask another admin',
    'आप यह अपने स्टाफ खाते पर नहीं कर सकते: किसी अन्य एडमिन से कहें',
    '不能对自己的员工账号执行此操作，请由其他管理员处理',
  ),
  STAFF_USERNAME_TAKEN: refusal(
    ['username'],
    'The staff username {username} is already taken',
    'स्टाफ उपयोगकर्ता नाम {username} पहले से लिया जा चुका है',
    '员工用户名 {username} 已被占用',
  ),
  STATEMENT_INVALID: refusal(
    ['line', 'reason'],
    'The bank statement cannot be read at line {line}: {reason}',
    'बैंक स्टेटमेंट पंक्ति {line} पर पढ़ा नहीं जा सकता: {reason}',
    '银行流水第 {line} 行无法读取：{reason}',
  ),
  // Bank statements and payouts in bulk (docs/adr/0032-bank-statement-matching.md).
  BANK_MAPPING_NOT_FOUND: refusal(
    [],
    'No such bank statement mapping',
    'ऐसी कोई बैंक स्टेटमेंट मैपिंग नहीं है',
    '未找到该银行流水列映射',
  ),
  BANK_MAPPING_NAME_TAKEN: refusal(
    ['bank'],
    'A mapping for the bank {bank} already exists: change that one',
    'बैंक {bank} की मैपिंग पहले से है: उसी को बदलें',
    '银行 {bank} 的列映射已存在，请修改该映射',
  ),
  STATEMENT_NOT_FOUND: refusal([], 'No such bank statement', 'ऐसा कोई बैंक स्टेटमेंट नहीं है', '未找到该银行流水'),
  STATEMENT_ALREADY_UPLOADED: refusal(
    ['statement', 'fileName'],
    'These transactions were already uploaded as statement {statement} ({fileName})',
    'ये लेन-देन पहले ही स्टेटमेंट {statement} ({fileName}) के रूप में अपलोड हो चुके हैं',
    '这些交易已作为流水 {statement}（{fileName}）上传过',
  ),
  STATEMENT_LINE_NOT_FOUND: refusal(
    ['line'],
    'Line {line} is not a credit of this statement',
    'पंक्ति {line} इस स्टेटमेंट की जमा प्रविष्टि नहीं है',
    '第 {line} 行不是本流水中的入账记录',
  ),
  STATEMENT_PAIR_REPEATED: refusal(
    ['line'],
    'Line {line} or its deposit appears twice in this approval',
    'पंक्ति {line} या उसकी जमा राशि इस स्वीकृति में दो बार है',
    '第 {line} 行或其充值在本次审批中出现了两次',
  ),
  STATEMENT_LINE_ALREADY_MATCHED: refusal(
    ['line', 'deposit'],
    'Statement line {line} was already matched to deposit {deposit}',
    'स्टेटमेंट पंक्ति {line} पहले ही जमा {deposit} से मिलाई जा चुकी है',
    '流水第 {line} 行已与充值 {deposit} 匹配',
  ),
  STATEMENT_DEPOSIT_ALREADY_MATCHED: refusal(
    ['deposit', 'statement', 'line'],
    'Deposit {deposit} was already matched to line {line} of statement {statement}',
    'जमा {deposit} पहले ही स्टेटमेंट {statement} की पंक्ति {line} से मिलाई जा चुकी है',
    '充值 {deposit} 已与流水 {statement} 第 {line} 行匹配',
  ),
  STATEMENT_REFERENCE_MISMATCH: refusal(
    ['line', 'deposit', 'reference'],
    'Statement line {line} does not name UTR {reference} of deposit {deposit}',
    'स्टेटमेंट पंक्ति {line} में जमा {deposit} का UTR {reference} नहीं है',
    '流水第 {line} 行不含充值 {deposit} 的 UTR {reference}',
  ),
  STATEMENT_UTR_REPEATED: refusal(
    ['reference', 'lines'],
    'UTR {reference} appears on several statement lines ({lines}): decide this deposit in the queue',
    'UTR {reference} स्टेटमेंट की कई पंक्तियों ({lines}) में है: इस जमा का निर्णय कतार में करें',
    'UTR {reference} 出现在流水的多行（{lines}），请在审核队列中处理该充值',
  ),
  STATEMENT_AMOUNT_MISMATCH: refusal(
    ['line', 'lineAmount', 'deposit', 'depositAmount'],
    'Statement line {line} credits {lineAmount} but deposit {deposit} is for {depositAmount}',
    'स्टेटमेंट पंक्ति {line} में {lineAmount} जमा है पर जमा {deposit} {depositAmount} की है',
    '流水第 {line} 行入账 {lineAmount}，但充值 {deposit} 金额为 {depositAmount}',
  ),
  PAYOUT_NOTHING_TO_EXPORT: refusal(
    [],
    'No withdrawal is ready to pay by bank transfer',
    'बैंक ट्रांसफ़र से भुगतान के लिए कोई निकासी तैयार नहीं है',
    '没有可通过银行转账支付的提现',
  ),
  PAYOUT_BATCH_NOT_FOUND: refusal(
    [],
    'No such bulk payment file',
    'ऐसी कोई बल्क भुगतान फ़ाइल नहीं है',
    '未找到该批量付款文件',
  ),
  PAYOUT_AMOUNT_MISMATCH: refusal(
    ['withdrawal', 'line', 'lineAmount', 'payoutAmount'],
    'Statement line {line} debits {lineAmount} but withdrawal {withdrawal} was exported for {payoutAmount}',
    'स्टेटमेंट पंक्ति {line} में {lineAmount} नामे है पर निकासी {withdrawal} {payoutAmount} के लिए निर्यात हुई थी',
    '流水第 {line} 行出账 {lineAmount}，但提现 {withdrawal} 导出金额为 {payoutAmount}',
  ),
  PAYOUT_UTR_MISSING: refusal(
    ['withdrawal', 'line'],
    'Statement line {line} pays withdrawal {withdrawal} but holds no UTR in its reference column',
    'स्टेटमेंट पंक्ति {line} निकासी {withdrawal} का भुगतान करती है पर उसके संदर्भ कॉलम में UTR नहीं है',
    '流水第 {line} 行支付了提现 {withdrawal}，但参考号列没有 UTR',
  ),
  PAYOUT_DEBITED_TWICE: refusal(
    ['withdrawal', 'lines'],
    'Withdrawal {withdrawal} appears on several debit lines ({lines}): check with the bank',
    'निकासी {withdrawal} कई नामे पंक्तियों ({lines}) में है: बैंक से जांचें',
    '提现 {withdrawal} 出现在多条出账记录（{lines}），请与银行核对',
  ),
  PAYOUT_UTR_REPEATED: refusal(
    ['reference', 'lines'],
    'UTR {reference} appears on several debit lines ({lines})',
    'UTR {reference} कई नामे पंक्तियों ({lines}) में है',
    'UTR {reference} 出现在多条出账记录（{lines}）',
  ),
  // Account closure with retention (docs/adr/0024-openapi-suites-and-account-closure.md).
  ACCOUNT_HAS_MONEY: refusal(
    [],
    'Withdraw or use up every balance before closing the account',
    'खाता बंद करने से पहले हर शेष राशि निकालें या उपयोग करें',
    '请先提取或用完所有余额再注销账户',
  ),
  ACCOUNT_HAS_POSITIONS: refusal(
    [],
    'Close or sell every position before closing the account',
    'खाता बंद करने से पहले हर पोज़िशन बंद करें या बेचें',
    '请先平仓或卖出所有持仓再注销账户',
  ),
  ACCOUNT_HAS_PENDING_ORDERS: refusal(
    [],
    'Cancel every pending order before closing the account',
    'खाता बंद करने से पहले हर लंबित ऑर्डर रद्द करें',
    '请先撤销所有挂单再注销账户',
  ),
  ACCOUNT_HAS_LOANS: refusal(
    [],
    'Repay every loan before closing the account',
    'खाता बंद करने से पहले हर ऋण चुकाएँ',
    '请先还清所有借款再注销账户',
  ),
  ACCOUNT_CLOSED: refusal(
    [],
    'This account has been closed; its records are kept as the law requires. Contact customer service with any question',
    'यह खाता बंद कर दिया गया है; इसके रिकॉर्ड कानून के अनुसार रखे जाते हैं। किसी भी प्रश्न के लिए ग्राहक सेवा से संपर्क करें',
    '该账户已注销，其记录按法律要求保存。如有疑问请联系客服',
  ),
  RETENTION_NOT_ELAPSED: refusal(
    ['dueAt'],
    'Personal data may be removed only after the retention period, from {dueAt}',
    'व्यक्तिगत डेटा केवल प्रतिधारण अवधि के बाद, {dueAt} से हटाया जा सकता है',
    '个人数据须在保存期满后（{dueAt} 起）方可删除',
  ),
  // API apps and the Kite Connect v3-compatible transport (docs/adr/0025-kite-compatible-transport.md).
  API_APP_NOT_FOUND: refusal([], 'No such API app', 'ऐसा कोई API ऐप नहीं है', '不存在此 API 应用'),
  API_APPS_LIMIT: refusal(
    ['max'],
    'You can have at most {max} API apps: delete one first',
    'आपके पास अधिकतम {max} API ऐप हो सकते हैं: पहले एक हटाएँ',
    '最多可创建 {max} 个 API 应用，请先删除一个',
  ),
  REDIRECT_URL_INVALID: refusal(
    [],
    'The redirect URL must be an https address (or http on localhost) without a fragment',
    'रीडायरेक्ट URL एक https पता होना चाहिए (या localhost पर http), बिना # भाग के',
    '回调地址必须是 https 地址（本机可用 http），且不能包含 # 片段',
  ),
  KITE_SESSION_INVALID: {
    http: 403,
    params: [],
    en: 'Incorrect `api_key` or `access_token`.',
    hi: 'गलत `api_key` या `access_token`।',
    zh: '`api_key` 或 `access_token` 不正确。',
  },
  KITE_REQUEST_TOKEN_INVALID: {
    http: 403,
    params: [],
    en: 'Token is invalid or has expired.',
    hi: 'टोकन अमान्य है या समाप्त हो गया है।',
    zh: '令牌无效或已过期。',
  },
  KITE_CHECKSUM_INVALID: {
    http: 403,
    params: [],
    en: 'Invalid checksum.',
    hi: 'अमान्य चेकसम।',
    zh: '校验和无效。',
  },
  KITE_INPUT_INVALID: {
    http: 400,
    params: ['field', 'reason'],
    en: 'Invalid `{field}`: {reason}.',
    hi: 'अमान्य `{field}`: {reason}।',
    zh: '`{field}` 无效：{reason}。',
  },
  KITE_VARIETY_UNSUPPORTED: {
    http: 400,
    params: ['variety'],
    en: 'Order variety `{variety}` is not supported: use regular or amo.',
    hi: 'ऑर्डर प्रकार `{variety}` समर्थित नहीं है: regular या amo उपयोग करें।',
    zh: '不支持订单类别 `{variety}`：请使用 regular 或 amo。',
  },
  KITE_VALIDITY_UNSUPPORTED: {
    http: 400,
    params: ['validity'],
    en: 'Order validity `{validity}` is not supported: use DAY.',
    hi: 'ऑर्डर वैधता `{validity}` समर्थित नहीं है: DAY उपयोग करें।',
    zh: '不支持订单有效期 `{validity}`：请使用 DAY。',
  },
  ORDER_MODIFY_NOTHING: refusal(
    [],
    'Change the price, the trigger price or the quantity to modify the order',
    'ऑर्डर बदलने के लिए मूल्य, ट्रिगर मूल्य या मात्रा बदलें',
    '请修改价格、触发价或数量',
  ),
  // Paper trading (docs/adr/0026-paper-trading.md).
  PAPER_NOT_ALLOWED: refusal(
    [],
    'Not available in paper trading: switch back to your real account to do this',
    'पेपर ट्रेडिंग में उपलब्ध नहीं: यह करने के लिए अपने असली खाते पर वापस जाएँ',
    '模拟交易中不可用：请切换回真实账户后再操作',
  ),
  PAPER_ACCOUNT_NOT_FOUND: refusal(
    [],
    'You have no paper account yet: switch to paper trading first',
    'आपका अभी कोई पेपर खाता नहीं है: पहले पेपर ट्रेडिंग पर जाएँ',
    '您还没有模拟账户：请先切换到模拟交易',
  ),
  // Price alerts (docs/adr/0034-price-alerts.md).
  PRICE_ALERTS_TOO_MANY: refusal(
    ['max'],
    'You can have at most {max} price alerts waiting: delete one first',
    'आपके अधिकतम {max} मूल्य अलर्ट प्रतीक्षा में हो सकते हैं: पहले एक हटाएँ',
    '最多可设置 {max} 个待触发的价格提醒，请先删除一个',
  ),
  PRICE_ALERT_NOT_FOUND: refusal(
    [],
    'This price alert does not exist',
    'यह मूल्य अलर्ट मौजूद नहीं है',
    '该价格提醒不存在',
  ),
  // GTT (good till triggered) and after-market orders (docs/adr/0031-gtt-and-after-market-orders.md).
  GTT_NOT_FOUND: {
    http: 404,
    params: [],
    en: 'The GTT does not exist.',
    hi: 'GTT मौजूद नहीं है।',
    zh: 'GTT 不存在。',
  },
  GTT_NOT_ACTIVE: {
    http: 409,
    params: ['status'],
    en: 'The GTT is {status}: only an active GTT can be changed or deleted.',
    hi: 'GTT {status} है: केवल सक्रिय GTT बदला या हटाया जा सकता है।',
    zh: 'GTT 状态为 {status}：只能修改或删除有效的 GTT。',
  },
  GTT_TRIGGER_INVALID: {
    http: 400,
    params: ['last'],
    en: 'A trigger must differ from the last price ₹{last}; for a target and stop-loss, the stop-loss below it and the target above.',
    hi: 'ट्रिगर अंतिम मूल्य ₹{last} से अलग होना चाहिए; लक्ष्य और स्टॉप-लॉस में स्टॉप-लॉस उससे नीचे और लक्ष्य ऊपर होना चाहिए।',
    zh: '触发价须与最新价 ₹{last} 不同；目标与止损单中，止损须低于最新价，目标须高于最新价。',
  },
  GTT_EXPIRY_INVALID: {
    http: 400,
    params: [],
    en: 'A GTT expires in the future and within one year.',
    hi: 'GTT भविष्य में और एक वर्ष के भीतर समाप्त होना चाहिए।',
    zh: 'GTT 的到期时间须在未来且不超过一年。',
  },
  GTT_HOLDING_REQUIRED: {
    http: 400,
    params: ['symbol', 'quantity'],
    en: 'A target and stop-loss GTT sells a holding: you hold fewer than {quantity} shares of {symbol}.',
    hi: 'लक्ष्य और स्टॉप-लॉस GTT होल्डिंग बेचता है: आपके पास {symbol} के {quantity} से कम शेयर हैं।',
    zh: '目标与止损 GTT 用于卖出持仓：您持有的 {symbol} 少于 {quantity} 股。',
  },
  GTT_ACTIVE_TOO_MANY: {
    http: 400,
    params: ['max'],
    en: 'You have {max} active GTTs, the most allowed: delete one first.',
    hi: 'आपके {max} सक्रिय GTT हैं, जो अधिकतम है: पहले एक हटाएं।',
    zh: '您已有 {max} 个有效 GTT，已达上限：请先删除一个。',
  },
  AMO_NOT_PENDING: {
    http: 409,
    params: ['status'],
    en: 'The after-market order is {status}: only a waiting one can be changed or cancelled.',
    hi: 'आफ्टर-मार्केट ऑर्डर {status} है: केवल प्रतीक्षारत ऑर्डर बदला या रद्द किया जा सकता है।',
    zh: '盘后订单状态为 {status}：只能修改或取消等待中的订单。',
  },
  AMO_DURING_SESSION: {
    http: 400,
    params: [],
    en: 'The market is open: place a regular order; after-market orders are taken when it is closed.',
    hi: 'बाज़ार खुला है: सामान्य ऑर्डर दें; आफ्टर-मार्केट ऑर्डर बाज़ार बंद होने पर लिए जाते हैं।',
    zh: '市场正在交易：请下普通订单；盘后订单仅在闭市时接受。',
  },
  POSITION_CONVERT_INVALID: {
    http: 400,
    params: ['reason'],
    en: 'The position cannot be converted: {reason}.',
    hi: 'पोज़िशन बदली नहीं जा सकती: {reason}।',
    zh: '无法转换该持仓：{reason}。',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type ErrorParams = Record<string, string | number>;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The HTTP status an error code answers with (DESIGN.md section 6). */
export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].http;
}

/**
 * The message for a code in a language with its parameters put in, e.g.
 * `errorMessage('AMOUNT_BELOW_MINIMUM', 'en', { min: '100.00' })` → "The minimum amount is ₹100.00".
 */
export function errorMessage(code: ErrorCode, language: Language, params: ErrorParams = {}): string {
  const template = ERROR_CATALOGUE[code][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Normalises a client's language tag: `yd` (the spec's stored value for Hindi) and `hi-IN` mean hi,
 * `zh-CN` and `zh-TW` mean zh; anything unknown is en.
 */
export function normaliseLanguage(tag: string | undefined | null): Language {
  const primary =
    (tag ?? '')
      .trim()
      .toLowerCase()
      .split(/[-_;,]/)[0] ?? '';
  if (primary === 'yd' || primary === 'hi') return 'hi';
  if (primary === 'zh' || primary === 'cn') return 'zh';
  return 'en';
}

/** Parses an Accept-Language header and returns the best supported language. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), quality: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.quality))
    .sort((a, b) => b.quality - a.quality);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'hi' || primary === 'yd') return 'hi';
    if (primary === 'zh') return 'zh';
    if (primary === 'en') return 'en';
  }
  return undefined;
}
