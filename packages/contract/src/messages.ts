import type { Language } from './errors.js';

/**
 * The catalogue of per-user notices (the `messages` table stores a kind and its parameters; the
 * text is rendered in the reader's language when read, so a user who switches language reads old
 * notices in the new one). Each kind has a title and a body per language, interpolating `{name}`
 * parameters; a test checks that the texts use exactly the declared parameters.
 *
 * Areas add their kinds in their own block below.
 */
interface MessageTemplate {
  params: readonly string[];
  title: Record<Language, string>;
  body: Record<Language, string>;
}

const notice = (
  params: readonly string[],
  title: Record<Language, string>,
  body: Record<Language, string>,
): MessageTemplate => ({ params, title, body });

export const MESSAGE_CATALOGUE = {
  // Platform.
  WELCOME: notice(
    [],
    { en: 'Welcome to Nivesh', hi: 'निवेश में आपका स्वागत है', zh: '欢迎使用 Nivesh' },
    {
      en: 'Complete your KYC to start depositing and trading.',
      hi: 'जमा और ट्रेडिंग शुरू करने के लिए अपना KYC पूरा करें।',
      zh: '完成实名认证后即可充值和交易。',
    },
  ),

  // Funds and identity (docs/adr/0009-funds-evidence-and-review.md): review outcomes of KYC, deposits
  // and withdrawals.
  KYC_APPROVED: notice(
    [],
    { en: 'KYC verified', hi: 'KYC सत्यापित', zh: '实名认证已通过' },
    {
      en: 'Your identity is verified. You can now deposit, trade and withdraw.',
      hi: 'आपकी पहचान सत्यापित हो गई है। अब आप जमा, ट्रेड और निकासी कर सकते हैं।',
      zh: '您的身份已验证，现在可以充值、交易和提现。',
    },
  ),
  KYC_REJECTED: notice(
    ['reason'],
    { en: 'KYC rejected', hi: 'KYC अस्वीकृत', zh: '实名认证未通过' },
    {
      en: 'Your KYC was rejected: {reason}. Please correct it and submit again.',
      hi: 'आपका KYC अस्वीकार कर दिया गया: {reason}। कृपया सुधार कर फिर से जमा करें।',
      zh: '您的实名认证未通过：{reason}。请修改后重新提交。',
    },
  ),
  DEPOSIT_APPROVED: notice(
    ['amount', 'currency'],
    { en: 'Deposit credited', hi: 'जमा राशि जमा हो गई', zh: '充值已到账' },
    {
      en: 'Your deposit of {amount} {currency} was approved and credited to your cash.',
      hi: 'आपकी {amount} {currency} की जमा राशि स्वीकृत होकर आपके नकद में जमा हो गई है।',
      zh: '您的 {amount} {currency} 充值已审核通过并存入现金账户。',
    },
  ),
  DEPOSIT_REJECTED: notice(
    ['amount', 'currency', 'reason'],
    { en: 'Deposit rejected', hi: 'जमा अस्वीकृत', zh: '充值被拒绝' },
    {
      en: 'Your deposit of {amount} {currency} was rejected: {reason}.',
      hi: 'आपकी {amount} {currency} की जमा राशि अस्वीकार कर दी गई: {reason}।',
      zh: '您的 {amount} {currency} 充值被拒绝：{reason}。',
    },
  ),
  WITHDRAWAL_APPROVED: notice(
    ['amount', 'currency', 'net', 'reference'],
    { en: 'Withdrawal paid', hi: 'निकासी का भुगतान हुआ', zh: '提现已打款' },
    {
      en: 'Your withdrawal of {amount} {currency} was paid out ({net} after fees), reference {reference}.',
      hi: 'आपकी {amount} {currency} की निकासी का भुगतान हो गया (शुल्क के बाद {net}), संदर्भ {reference}।',
      zh: '您的 {amount} {currency} 提现已打款（扣除手续费后 {net}），凭证号 {reference}。',
    },
  ),
  WITHDRAWAL_REJECTED: notice(
    ['amount', 'currency', 'reason'],
    { en: 'Withdrawal rejected', hi: 'निकासी अस्वीकृत', zh: '提现被拒绝' },
    {
      en: 'Your withdrawal of {amount} {currency} was rejected and returned to your cash: {reason}.',
      hi: 'आपकी {amount} {currency} की निकासी अस्वीकार होकर आपके नकद में वापस आ गई: {reason}।',
      zh: '您的 {amount} {currency} 提现被拒绝，资金已退回现金账户：{reason}。',
    },
  ),
  // Trading (docs/api.md, "Trading (orders and positions)"): engine actions and day-trading reviews.
  ORDER_FILLED: notice(
    ['orderNo', 'symbol', 'side', 'quantity', 'price'],
    { en: 'Order filled', hi: 'ऑर्डर पूरा हुआ', zh: '订单已成交' },
    {
      en: 'Order {orderNo}: {side} {quantity} {symbol} filled at ₹{price}.',
      hi: 'ऑर्डर {orderNo}: {symbol} के {quantity} ({side}) ₹{price} पर पूरे हुए।',
      zh: '订单 {orderNo}：{symbol} {side} {quantity} 股已按 ₹{price} 成交。',
    },
  ),
  ORDER_EXPIRED: notice(
    ['orderNo', 'symbol'],
    { en: 'Order expired', hi: 'ऑर्डर समाप्त हुआ', zh: '订单已过期' },
    {
      en: 'Order {orderNo} for {symbol} was not filled by the close of the session and is cancelled; the held amount is back in your cash.',
      hi: '{symbol} का ऑर्डर {orderNo} सत्र समाप्ति तक पूरा नहीं हुआ और रद्द कर दिया गया; रोकी गई राशि आपके नकद में वापस है।',
      zh: '{symbol} 的订单 {orderNo} 在收盘前未成交，已撤销；冻结金额已退回可用资金。',
    },
  ),
  ORDER_CANCELLED_FUNDS: notice(
    ['orderNo', 'symbol', 'price'],
    { en: 'Order cancelled', hi: 'ऑर्डर रद्द', zh: '订单已撤销' },
    {
      en: 'Order {orderNo} for {symbol} triggered at ₹{price} but your cash could not cover its margin and fee there; it is cancelled and the held amount is back in your cash.',
      hi: '{symbol} का ऑर्डर {orderNo} ₹{price} पर ट्रिगर हुआ, पर आपका नकद उसका मार्जिन और शुल्क पूरा नहीं कर सका; यह रद्द है और रोकी गई राशि आपके नकद में वापस है।',
      zh: '{symbol} 的订单 {orderNo} 在 ₹{price} 触发，但可用资金不足以支付保证金和手续费；订单已撤销，冻结金额已退回。',
    },
  ),
  STOPPED_OUT: notice(
    ['orderNo', 'symbol', 'price', 'pnl'],
    { en: 'Position stopped out', hi: 'पोज़िशन स्टॉप-आउट हुई', zh: '持仓已强制平仓' },
    {
      en: 'Your position {orderNo} in {symbol} reached the stop-out level and was closed at ₹{price}. P&L ₹{pnl}.',
      hi: '{symbol} में आपकी पोज़िशन {orderNo} स्टॉप-आउट स्तर पर पहुंची और ₹{price} पर बंद की गई। लाभ/हानि ₹{pnl}।',
      zh: '您在 {symbol} 的持仓 {orderNo} 达到强平线，已按 ₹{price} 平仓。盈亏 ₹{pnl}。',
    },
  ),
  SQUARED_OFF: notice(
    ['orderNo', 'symbol', 'price', 'pnl'],
    { en: 'Intraday position squared off', hi: 'इंट्राडे पोज़िशन स्क्वेयर-ऑफ हुई', zh: '日内持仓已平仓' },
    {
      en: 'Your intraday position {orderNo} in {symbol} was closed at ₹{price} at the day’s square-off time. P&L ₹{pnl}.',
      hi: '{symbol} में आपकी इंट्राडे पोज़िशन {orderNo} दिन के स्क्वेयर-ऑफ समय पर ₹{price} पर बंद की गई। लाभ/हानि ₹{pnl}।',
      zh: '您在 {symbol} 的日内持仓 {orderNo} 已在当日平仓时间按 ₹{price} 平仓。盈亏 ₹{pnl}。',
    },
  ),
  DAY_TRADING_APPROVED: notice(
    [],
    { en: 'Day trading enabled', hi: 'डे ट्रेडिंग सक्षम', zh: '日内交易已开通' },
    {
      en: 'Your day-trading application was approved: you can now open intraday positions. They close automatically at the day’s square-off time.',
      hi: 'आपका डे ट्रेडिंग आवेदन स्वीकृत हुआ: अब आप इंट्राडे पोज़िशन खोल सकते हैं। वे दिन के स्क्वेयर-ऑफ समय पर अपने आप बंद होती हैं।',
      zh: '您的日内交易申请已通过：现在可以开立日内持仓，日内持仓会在当日平仓时间自动平仓。',
    },
  ),
  DAY_TRADING_REJECTED: notice(
    ['reason'],
    { en: 'Day-trading application rejected', hi: 'डे ट्रेडिंग आवेदन अस्वीकृत', zh: '日内交易申请被拒绝' },
    {
      en: 'Your day-trading application was rejected: {reason}. You may apply again.',
      hi: 'आपका डे ट्रेडिंग आवेदन अस्वीकृत हुआ: {reason}। आप फिर से आवेदन कर सकते हैं।',
      zh: '您的日内交易申请被拒绝：{reason}。您可以重新申请。',
    },
  ),

  // Securities lending (docs/adr/0015-securities-lending.md): the lender's term end.
  LENDING_COMPLETED: notice(
    ['symbol', 'quantity', 'fee'],
    { en: 'Lending completed', hi: 'उधार पूरा हुआ', zh: '出借已完成' },
    {
      en: 'Your lending of {quantity} {symbol} shares completed; the fee of ₹{fee} was credited to your cash and the holding is free.',
      hi: 'आपके {quantity} {symbol} शेयरों का उधार पूरा हुआ; ₹{fee} का शुल्क आपके नकद में जमा हुआ और होल्डिंग मुक्त है।',
      zh: '您出借的 {quantity} 股 {symbol} 已完成，费用 ₹{fee} 已存入现金账户，持仓已解锁。',
    },
  ),
  LENDING_ENDED_EARLY: notice(
    ['symbol', 'quantity', 'fee', 'days'],
    { en: 'Lending ended early', hi: 'उधार जल्दी समाप्त', zh: '出借提前结束' },
    {
      en: 'Your holding of {symbol} was closed, so the lending of {quantity} shares ended after {days} days; the fee of ₹{fee} for those days was credited to your cash.',
      hi: 'आपकी {symbol} होल्डिंग बंद हो गई, इसलिए {quantity} शेयरों का उधार {days} दिनों बाद समाप्त हुआ; उन दिनों का ₹{fee} शुल्क आपके नकद में जमा हुआ।',
      zh: '您的 {symbol} 持仓已平仓，{quantity} 股的出借在 {days} 天后结束，这些天的费用 ₹{fee} 已存入现金账户。',
    },
  ),
  // Credit loans (docs/adr/0013-credit-loans.md): review outcomes, repayments, and the term end.
  // Nothing is ever deducted without the investor: at term end the notice says what is owed and how
  // to repay.
  LOAN_APPROVED: notice(
    ['amount', 'termDays', 'dueDate'],
    { en: 'Loan approved', hi: 'ऋण स्वीकृत', zh: '贷款已批准' },
    {
      en: 'Your loan of ₹{amount} for {termDays} days was approved and credited to your cash. It is due on {dueDate}. What you owe cannot be withdrawn until it is repaid.',
      hi: '₹{amount} का आपका {termDays} दिन का ऋण स्वीकृत होकर आपके नकद में जमा हो गया है। यह {dueDate} को देय है। चुकाए जाने तक बकाया राशि निकाली नहीं जा सकती।',
      zh: '您 ₹{amount}、期限 {termDays} 天的贷款已批准并存入现金账户，到期日 {dueDate}。还清之前，所欠金额不可提现。',
    },
  ),
  LOAN_REJECTED: notice(
    ['amount', 'reason'],
    { en: 'Loan application rejected', hi: 'ऋण आवेदन अस्वीकृत', zh: '贷款申请被拒绝' },
    {
      en: 'Your application for a loan of ₹{amount} was rejected: {reason}. Nothing was charged.',
      hi: '₹{amount} के ऋण का आपका आवेदन अस्वीकृत हुआ: {reason}। कोई शुल्क नहीं लिया गया।',
      zh: '您 ₹{amount} 的贷款申请被拒绝：{reason}。未收取任何费用。',
    },
  ),
  LOAN_REPAID: notice(
    ['amount'],
    { en: 'Loan repaid', hi: 'ऋण चुकाया गया', zh: '贷款已还清' },
    {
      en: 'Your loan of ₹{amount} is fully repaid. You may apply for a new one.',
      hi: '₹{amount} का आपका ऋण पूरी तरह चुका दिया गया है। आप नए ऋण के लिए आवेदन कर सकते हैं।',
      zh: '您 ₹{amount} 的贷款已全部还清，可以申请新的贷款。',
    },
  ),
  LOAN_REPAYMENT_RECORDED: notice(
    ['amount', 'reference', 'owed'],
    { en: 'Loan repayment received', hi: 'ऋण चुकौती प्राप्त हुई', zh: '已收到还款' },
    {
      en: 'Customer service recorded your repayment of ₹{amount} (reference {reference}). You now owe ₹{owed}.',
      hi: 'ग्राहक सेवा ने आपकी ₹{amount} की चुकौती दर्ज की (संदर्भ {reference})। अब आप पर ₹{owed} बकाया है।',
      zh: '客服已登记您 ₹{amount} 的还款（凭证号 {reference}）。当前欠款 ₹{owed}。',
    },
  ),
  LOAN_DUE: notice(
    ['owed', 'dueDate'],
    { en: 'Loan due', hi: 'ऋण देय', zh: '贷款到期' },
    {
      en: 'Your loan was due on {dueDate}: you owe ₹{owed}. Nothing is deducted automatically; please repay it on the loan repayment screen. Interest continues daily until it is repaid.',
      hi: 'आपका ऋण {dueDate} को देय था: आप पर ₹{owed} बकाया है। कुछ भी अपने आप नहीं काटा जाता; कृपया ऋण चुकौती स्क्रीन पर चुकाएं। चुकाए जाने तक ब्याज रोज़ लगता रहता है।',
      zh: '您的贷款已于 {dueDate} 到期，欠款 ₹{owed}。系统不会自动扣款，请在还款页面还款。还清之前每日继续计息。',
    },
  ),
  LOAN_DUE_CASH_SHORT: notice(
    ['owed', 'cash', 'dueDate'],
    { en: 'Loan due: cash does not cover it', hi: 'ऋण देय: नकद पर्याप्त नहीं', zh: '贷款到期：现金不足' },
    {
      en: 'Your loan was due on {dueDate}: you owe ₹{owed} and your cash is ₹{cash}. The system cannot deduct the rest; repay what you can on the loan repayment screen, or contact customer service to repay by bank transfer. Interest continues daily until it is repaid.',
      hi: 'आपका ऋण {dueDate} को देय था: आप पर ₹{owed} बकाया है और आपका नकद ₹{cash} है। सिस्टम बाकी राशि नहीं काट सकता; जितना हो सके ऋण चुकौती स्क्रीन पर चुकाएं, या बैंक ट्रांसफ़र से चुकाने के लिए ग्राहक सेवा से संपर्क करें। चुकाए जाने तक ब्याज रोज़ लगता रहता है।',
      zh: '您的贷款已于 {dueDate} 到期：欠款 ₹{owed}，现金 ₹{cash}。系统无法扣除差额；请在还款页面尽量还款，或联系客服通过银行转账还款。还清之前每日继续计息。',
    },
  ),
  // Copy-trading (docs/adr/0014-copy-trading.md).
  FOLLOW_STARTED: notice(
    ['product', 'amount'],
    { en: 'Follow started', hi: 'फ़ॉलो शुरू हुआ', zh: '跟单已开始' },
    {
      en: 'You put ₹{amount} into {product}. Its strategy’s trades are now mirrored into your allocation at the same feed prices.',
      hi: 'आपने {product} में ₹{amount} लगाए। अब इसकी रणनीति के ट्रेड उसी फ़ीड मूल्य पर आपके आवंटन में दोहराए जाएंगे।',
      zh: '您已向 {product} 投入 ₹{amount}。其策略的交易将按相同的行情价格镜像到您的跟单资金中。',
    },
  ),
  FOLLOW_ENDED: notice(
    ['product', 'returned', 'profit'],
    { en: 'Follow ended', hi: 'फ़ॉलो समाप्त', zh: '跟单已结束' },
    {
      en: '{product} has ended: its positions were closed at the feed price and ₹{returned} returned to your cash (total profit ₹{profit}).',
      hi: '{product} समाप्त हो गया: इसकी पोज़िशन फ़ीड मूल्य पर बंद की गईं और ₹{returned} आपके नकद में लौटाए गए (कुल लाभ ₹{profit})।',
      zh: '{product} 已结束：其持仓已按行情价格平仓，₹{returned} 已退回您的现金账户（总收益 ₹{profit}）。',
    },
  ),
  // New shares (IPO, docs/adr/0011-ipo-draw.md): the draw's outcome, payment, lapse, listing, an
  // issue called off.
  IPO_WON: notice(
    ['name', 'shares', 'captured', 'released'],
    { en: 'IPO allotment: you won', hi: 'IPO आवंटन: आप जीत गए', zh: '新股中签' },
    {
      en: 'You were allotted {shares} shares of {name}. ₹{captured} of your blocked amount paid for them and ₹{released} returned to your cash.',
      hi: 'आपको {name} के {shares} शेयर आवंटित हुए। आपकी ब्लॉक राशि में से ₹{captured} उनके भुगतान में गए और ₹{released} आपके नकद में लौट आए।',
      zh: '您获配 {name} {shares} 股。冻结资金中 ₹{captured} 已用于缴款，₹{released} 已退回现金账户。',
    },
  ),
  IPO_NOT_WON: notice(
    ['name', 'released'],
    { en: 'IPO allotment: not won', hi: 'IPO आवंटन: नहीं मिला', zh: '新股未中签' },
    {
      en: 'Your subscription to {name} was not drawn. ₹{released} returned to your cash.',
      hi: '{name} के लिए आपका आवेदन ड्रॉ में नहीं आया। ₹{released} आपके नकद में लौट आए।',
      zh: '您申购的 {name} 未中签，₹{released} 已退回现金账户。',
    },
  ),
  IPO_PAYMENT_DUE: notice(
    ['name', 'shares', 'amount', 'deadline'],
    { en: 'IPO allotment: payment due', hi: 'IPO आवंटन: भुगतान देय', zh: '新股中签待缴款' },
    {
      en: 'You were allotted {shares} shares of {name}. Pay ₹{amount} by {deadline}; unpaid, the allotment lapses (you never owe it).',
      hi: 'आपको {name} के {shares} शेयर आवंटित हुए। {deadline} तक ₹{amount} का भुगतान करें; भुगतान न होने पर आवंटन समाप्त हो जाएगा (आप पर कोई देनदारी नहीं)।',
      zh: '您获配 {name} {shares} 股。请在 {deadline} 前缴款 ₹{amount}；逾期未缴视为放弃（不会产生欠款）。',
    },
  ),
  IPO_WAIVED: notice(
    ['name'],
    { en: 'IPO allotment lapsed', hi: 'IPO आवंटन समाप्त', zh: '新股配售已放弃' },
    {
      en: 'Your allotment of {name} was not paid by the deadline and has lapsed. Nothing is owed.',
      hi: '{name} का आपका आवंटन समय सीमा तक भुगतान न होने से समाप्त हो गया। कुछ भी देय नहीं है।',
      zh: '您获配的 {name} 未在期限内缴款，已视为放弃，无任何欠款。',
    },
  ),
  IPO_LISTED: notice(
    ['name', 'shares', 'price'],
    { en: 'New shares listed', hi: 'नए शेयर सूचीबद्ध', zh: '新股已上市' },
    {
      en: '{name} has listed: your {shares} shares are now a holding at the issue price ₹{price}.',
      hi: '{name} सूचीबद्ध हो गया: आपके {shares} शेयर अब इश्यू मूल्य ₹{price} पर होल्डिंग हैं।',
      zh: '{name} 已上市：您的 {shares} 股已按发行价 ₹{price} 转入持仓。',
    },
  ),
  IPO_CANCELLED: notice(
    ['name', 'reason'],
    { en: 'IPO called off', hi: 'IPO रद्द', zh: '新股发行取消' },
    {
      en: 'The issue of {name} was called off: {reason}. Your subscription failed and any blocked amount returned to your cash.',
      hi: '{name} का इश्यू रद्द कर दिया गया: {reason}। आपका आवेदन विफल रहा और ब्लॉक राशि आपके नकद में लौट आई।',
      zh: '{name} 发行已取消：{reason}。您的申购失败，冻结资金已退回现金账户。',
    },
  ),
  // Second factor (docs/adr/0022-investor-two-factor.md).
  NEW_DEVICE_SIGN_IN: notice(
    ['device', 'ip'],
    { en: 'Sign-in from a new device', hi: 'नए डिवाइस से साइन-इन', zh: '新设备登录提醒' },
    {
      en: 'Your account was signed in from a new device ({device}, address {ip}). If this was not you, change your password and contact support.',
      hi: 'आपके खाते में एक नए डिवाइस ({device}, पता {ip}) से साइन-इन हुआ। यदि यह आप नहीं थे, तो अपना पासवर्ड बदलें और सहायता से संपर्क करें।',
      zh: '您的账户在新设备（{device}，地址 {ip}）上登录。如非本人操作，请修改密码并联系客服。',
    },
  ),
  TWO_FACTOR_RESET: notice(
    ['hours'],
    { en: 'Second factor reset', hi: 'दूसरा सत्यापन कारक रीसेट', zh: '第二验证因素已重置' },
    {
      en: 'Support reset your two-factor sign-in at your request. Withdrawals are paused for {hours} hours. If you did not ask for this, contact support now.',
      hi: 'आपके अनुरोध पर सहायता टीम ने आपका दो-चरणीय साइन-इन रीसेट किया। {hours} घंटे तक निकासी रुकी रहेगी। यदि आपने यह अनुरोध नहीं किया, तो तुरंत सहायता से संपर्क करें।',
      zh: '客服已应您的请求重置两步验证登录。提现将暂停 {hours} 小时。如非本人申请，请立即联系客服。',
    },
  ),
  // Passkeys (docs/adr/0028-passkeys.md): every passkey added or removed is told to the investor.
  PASSKEY_ADDED: notice(
    ['name'],
    { en: 'Passkey added', hi: 'पासकी जोड़ी गई', zh: '已添加通行密钥' },
    {
      en: 'A passkey named “{name}” was added to your account; it can now complete your sign-in. If this was not you, contact support now.',
      hi: 'आपके खाते में “{name}” नाम की पासकी जोड़ी गई; अब इससे आपका साइन-इन पूरा हो सकता है। यदि यह आप नहीं थे, तो तुरंत सहायता से संपर्क करें।',
      zh: '您的账户已添加名为“{name}”的通行密钥，可用于完成登录。如非本人操作，请立即联系客服。',
    },
  ),
  PASSKEY_REMOVED: notice(
    ['name'],
    { en: 'Passkey removed', hi: 'पासकी हटाई गई', zh: '已移除通行密钥' },
    {
      en: 'The passkey named “{name}” was removed from your account. If this was not you, contact support now.',
      hi: 'आपके खाते से “{name}” नाम की पासकी हटा दी गई। यदि यह आप नहीं थे, तो तुरंत सहायता से संपर्क करें।',
      zh: '名为“{name}”的通行密钥已从您的账户移除。如非本人操作，请立即联系客服。',
    },
  ),
  // Contract notes (docs/adr/0021-contract-notes.md): one per investor per trading day with trades.
  CONTRACT_NOTE_ISSUED: notice(
    ['number', 'tradeDate'],
    { en: 'Contract note issued', hi: 'कॉन्ट्रैक्ट नोट जारी', zh: '成交单已生成' },
    {
      en: 'Your contract note {number} for trades on {tradeDate} is ready under Account → Contract notes.',
      hi: '{tradeDate} के सौदों के लिए आपका कॉन्ट्रैक्ट नोट {number} खाता → कॉन्ट्रैक्ट नोट में उपलब्ध है।',
      zh: '您 {tradeDate} 的成交单 {number} 已生成，可在 我的 → 成交单 中查看。',
    },
  ),
  // API apps (docs/adr/0025-kite-compatible-transport.md): every act on an app is told to its owner.
  API_APP_CREATED: notice(
    ['name', 'apiKey'],
    { en: 'API app created', hi: 'API ऐप बनाया गया', zh: 'API 应用已创建' },
    {
      en: 'The API app {name} (key {apiKey}) was created. Programs holding its secret can trade for you after you sign in through it.',
      hi: 'API ऐप {name} (कुंजी {apiKey}) बनाया गया। इसकी गुप्त कुंजी वाले प्रोग्राम इसके माध्यम से आपके साइन-इन के बाद आपके लिए ट्रेड कर सकते हैं।',
      zh: 'API 应用 {name}（密钥 {apiKey}）已创建。持有其密钥的程序在您通过它登录后可代您交易。',
    },
  ),
  API_APP_SECRET_ROTATED: notice(
    ['name', 'apiKey'],
    { en: 'API secret replaced', hi: 'API गुप्त कुंजी बदली गई', zh: 'API 密钥已更换' },
    {
      en: 'The secret of the API app {name} (key {apiKey}) was replaced: the old one no longer works and its sessions ended.',
      hi: 'API ऐप {name} (कुंजी {apiKey}) की गुप्त कुंजी बदल दी गई: पुरानी अब काम नहीं करती और उसके सत्र समाप्त हो गए।',
      zh: 'API 应用 {name}（密钥 {apiKey}）的密钥已更换：旧密钥失效，其会话已结束。',
    },
  ),
  API_APP_DELETED: notice(
    ['name', 'apiKey'],
    { en: 'API app deleted', hi: 'API ऐप हटाया गया', zh: 'API 应用已删除' },
    {
      en: 'The API app {name} (key {apiKey}) was deleted and its sessions ended.',
      hi: 'API ऐप {name} (कुंजी {apiKey}) हटा दिया गया और उसके सत्र समाप्त हो गए।',
      zh: 'API 应用 {name}（密钥 {apiKey}）已删除，其会话已结束。',
    },
  ),

  // A message staff write to one investor from the customer view
  // (docs/adr/0029-staff-administration-and-customer-view.md): the staff member's own words.
  STAFF_MESSAGE: notice(
    ['subject', 'text'],
    { en: '{subject}', hi: '{subject}', zh: '{subject}' },
    { en: '{text}', hi: '{text}', zh: '{text}' },
  ),
  // Price alerts (docs/adr/0034-price-alerts.md): an alert fires once, when the feed price reaches it.
  PRICE_ALERT_ABOVE: notice(
    ['symbol', 'level', 'price'],
    { en: '{symbol} reached ₹{level}', hi: '{symbol} ₹{level} पर पहुँचा', zh: '{symbol} 已达到 ₹{level}' },
    {
      en: 'Your price alert fired: {symbol} traded at ₹{price}, at or above your level of ₹{level}.',
      hi: 'आपका मूल्य अलर्ट सक्रिय हुआ: {symbol} ₹{price} पर ट्रेड हुआ, आपके स्तर ₹{level} के बराबर या ऊपर।',
      zh: '您的价格提醒已触发：{symbol} 成交于 ₹{price}，达到或高于您设定的 ₹{level}。',
    },
  ),
  PRICE_ALERT_BELOW: notice(
    ['symbol', 'level', 'price'],
    { en: '{symbol} fell to ₹{level}', hi: '{symbol} ₹{level} तक गिरा', zh: '{symbol} 已跌至 ₹{level}' },
    {
      en: 'Your price alert fired: {symbol} traded at ₹{price}, at or below your level of ₹{level}.',
      hi: 'आपका मूल्य अलर्ट सक्रिय हुआ: {symbol} ₹{price} पर ट्रेड हुआ, आपके स्तर ₹{level} के बराबर या नीचे।',
      zh: '您的价格提醒已触发：{symbol} 成交于 ₹{price}，达到或低于您设定的 ₹{level}。',
    },
  ),
  // GTT and after-market orders (docs/adr/0031-gtt-and-after-market-orders.md): every state change.
  GTT_CREATED: notice(
    ['symbol', 'triggers'],
    { en: 'GTT placed', hi: 'GTT लगाया गया', zh: 'GTT 已设置' },
    {
      en: 'Your GTT on {symbol} waits for the price to reach ₹{triggers}.',
      hi: '{symbol} पर आपका GTT मूल्य ₹{triggers} तक पहुँचने की प्रतीक्षा करता है।',
      zh: '您在 {symbol} 上的 GTT 等待价格达到 ₹{triggers}。',
    },
  ),
  GTT_TRIGGERED: notice(
    ['symbol', 'price', 'transactionType', 'quantity'],
    { en: 'GTT triggered', hi: 'GTT ट्रिगर हुआ', zh: 'GTT 已触发' },
    {
      en: '{symbol} reached ₹{price}: your GTT placed its order to {transactionType} {quantity} shares.',
      hi: '{symbol} ₹{price} पर पहुँचा: आपके GTT ने {quantity} शेयर {transactionType} का ऑर्डर दिया।',
      zh: '{symbol} 达到 ₹{price}：您的 GTT 已下单 {transactionType} {quantity} 股。',
    },
  ),
  GTT_REJECTED: notice(
    ['symbol', 'price', 'reason'],
    { en: 'GTT order refused', hi: 'GTT ऑर्डर अस्वीकृत', zh: 'GTT 订单被拒绝' },
    {
      en: '{symbol} reached ₹{price} but your GTT order was refused: {reason}',
      hi: '{symbol} ₹{price} पर पहुँचा, पर आपका GTT ऑर्डर अस्वीकृत हुआ: {reason}',
      zh: '{symbol} 达到 ₹{price}，但您的 GTT 订单被拒绝：{reason}',
    },
  ),
  GTT_CANCELLED: notice(
    ['symbol'],
    { en: 'GTT deleted', hi: 'GTT हटाया गया', zh: 'GTT 已删除' },
    {
      en: 'Your GTT on {symbol} was deleted; it will place no order.',
      hi: '{symbol} पर आपका GTT हटा दिया गया; यह कोई ऑर्डर नहीं देगा।',
      zh: '您在 {symbol} 上的 GTT 已删除，不会再下单。',
    },
  ),
  GTT_EXPIRED: notice(
    ['symbol'],
    { en: 'GTT expired', hi: 'GTT समाप्त', zh: 'GTT 已过期' },
    {
      en: 'Your GTT on {symbol} expired without being triggered.',
      hi: '{symbol} पर आपका GTT ट्रिगर हुए बिना समाप्त हो गया।',
      zh: '您在 {symbol} 上的 GTT 未被触发即已过期。',
    },
  ),
  AMO_RELEASED: notice(
    ['symbol', 'quantity'],
    { en: 'After-market order placed', hi: 'आफ्टर-मार्केट ऑर्डर दिया गया', zh: '盘后订单已提交' },
    {
      en: 'The market opened: your after-market order for {quantity} {symbol} was placed.',
      hi: 'बाज़ार खुला: {symbol} के {quantity} शेयरों का आपका आफ्टर-मार्केट ऑर्डर दिया गया।',
      zh: '市场已开盘：您 {quantity} 股 {symbol} 的盘后订单已提交。',
    },
  ),
  AMO_REJECTED: notice(
    ['symbol', 'reason'],
    { en: 'After-market order refused', hi: 'आफ्टर-मार्केट ऑर्डर अस्वीकृत', zh: '盘后订单被拒绝' },
    {
      en: 'At the open your after-market order for {symbol} was refused: {reason}',
      hi: 'बाज़ार खुलने पर {symbol} का आपका आफ्टर-मार्केट ऑर्डर अस्वीकृत हुआ: {reason}',
      zh: '开盘时您 {symbol} 的盘后订单被拒绝：{reason}',
    },
  ),
} as const satisfies Record<string, MessageTemplate>;

export type MessageKind = keyof typeof MESSAGE_CATALOGUE;
export type MessageParams = Record<string, string | number>;

export function isMessageKind(value: string): value is MessageKind {
  return Object.hasOwn(MESSAGE_CATALOGUE, value);
}

// Money and counts read as the app writes them: Indian grouping, the rupee sign, the minus (U+2212)
// before it ("₹25,000.00", "−₹1,500.00", "10,000 shares"). Parameters stay raw in the messages table
// ("25000.00", "INR"), so old notices read the same way.
const MONEY_PARAMS = new Set([
  'amount',
  'captured',
  'cash',
  'fee',
  'net',
  'owed',
  'pnl',
  'price',
  'profit',
  'released',
  'returned',
]);
const COUNT_PARAMS = new Set(['quantity', 'shares']);
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1234567" → "12,34,567": the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
}

/** A decimal amount with its currency: "₹25,000.00", "−₹15.50", "12.50 USD"; other text as is. */
export function formatMessageAmount(value: string | number, currency = 'INR'): string {
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return String(value);
  const [, minus = '', rupees = '0', fraction = ''] = match;
  const grouped = `${groupIndian(rupees.replace(/^0+(?=\d)/, ''))}.${`${fraction}00`.slice(0, 2)}`;
  const sign = minus && /[1-9]/.test(`${rupees}${fraction}`) ? '\u2212' : '';
  return currency === 'INR' ? `${sign}₹${grouped}` : `${sign}${grouped} ${currency}`;
}

function formatCount(value: string | number): string {
  const text = String(value);
  return /^\d+$/.test(text) ? groupIndian(text) : text;
}

const fill = (template: string, params: MessageParams) => {
  const currency = typeof params.currency === 'string' ? params.currency : 'INR';
  const value = (name: string) => (Object.hasOwn(params, name) ? params[name] : undefined);
  return (
    template
      // "{amount} {currency}" and "₹{amount}" become one formatted amount.
      .replace(/\{(\w+)\} \{currency\}/g, (whole, name: string) => {
        const found = value(name);
        if (found === undefined) return whole;
        return DECIMAL.test(String(found).trim())
          ? formatMessageAmount(found, currency)
          : `${found} ${currency}`;
      })
      .replace(/₹\{(\w+)\}/g, (whole, name: string) => {
        const found = value(name);
        if (found === undefined) return whole;
        // A value the caller already formatted ("1,00,000.00") keeps its rupee sign.
        return DECIMAL.test(String(found).trim()) ? formatMessageAmount(found, 'INR') : `₹${found}`;
      })
      .replace(/\{(\w+)\}/g, (whole, name: string) => {
        const found = value(name);
        if (found === undefined) return whole;
        if (MONEY_PARAMS.has(name)) return formatMessageAmount(found, currency);
        if (COUNT_PARAMS.has(name)) return formatCount(found);
        return String(found);
      })
  );
};

/** A stored notice rendered in a language: `{ title, body }`. Unknown kinds render as their code. */
export function renderMessage(
  kind: string,
  language: Language,
  params: MessageParams = {},
): { title: string; body: string } {
  if (!isMessageKind(kind)) return { title: kind, body: '' };
  const template: MessageTemplate = MESSAGE_CATALOGUE[kind];
  return { title: fill(template.title[language], params), body: fill(template.body[language], params) };
}
