// The default client agreement (with the risk disclosure) and privacy policy every installation
// starts with, in English, Hindi and Chinese. They are written for this platform: a retail broker
// for Indian-rupee markets under SEBI's rules (the Stock Brokers Regulations 1992 and the
// exchanges' "Rights and Obligations" and "Risk Disclosure Document") and the Digital Personal Data
// Protection Act 2023. Staff replace or edit them in the console (Config → agreement_<lang>,
// privacy_<lang>); they are a sound starting point, not legal advice for a particular broker.
//
// Nothing here is invented about the broker: its name, SEBI registration, address and grievance
// contacts are written as {{config_key}} and filled from configuration when `common/config` is
// served (use-cases/market/read-public-config.ts). A key that is not set is shown as
// "[config_key]", so a reader sees which setting is missing rather than a made-up number.

const AGREEMENT_EN = `Client agreement and risk disclosure

1. Who we are. This app is operated by {{broker_name}}, a stock broker registered with the Securities and Exchange Board of India (SEBI registration no. {{broker_sebi_registration}}), with its registered office at {{broker_address}}. By opening an account you enter into this agreement with us.

2. Your account. You must be at least 18 years old, resident in India or otherwise permitted to invest in Indian markets, and complete KYC (PAN, identity and address proof) before you can deposit, trade or withdraw. Keep your login password, fund password and second-factor codes to yourself; instructions given with them are treated as yours.

3. Your money. Every rupee you hold with us is recorded in a double-entry ledger that you can read as your statement. Deposits reach your account after they are verified. You may withdraw your free balance to a bank account in your own name; we refuse a withdrawal only for a stated reason (KYC not verified, no fund password or payout account, limits, the withdrawal window, money held for open orders or owed on a loan, or a flag our staff recorded with its reason).

4. Orders and prices. A market order fills at the feed price at the time it executes; a limit order fills at its limit or better. Every fill records the tick it used. The same price applies to every client. We may refuse or cancel an order that breaks exchange rules, price bands or margin requirements, and we tell you why.

5. Charges. Brokerage, Securities Transaction Tax, exchange and SEBI fees, stamp duty and GST are shown before you confirm an order and on every contract note. Interest on credit loans and fees for other services are shown before you accept them.

6. Contract notes and statements. We issue a contract note for every trading day with fills, and your statement shows every posting. Tell us within 7 days if anything is wrong.

7. Risk disclosure. Investing in securities involves risk. Prices can fall as well as rise and you may lose some or all of the money you invest. Intraday, leveraged (MTF) and short positions can lose more than the margin you put up, and we may close them (stop-out, square-off) when margin runs short. Past performance, copy-trading results and IPO allotments are no guarantee of future returns. Do not trade on tips or promises of assured returns; no one at {{broker_name}} may promise you a return.

8. When the market simulator is on. This app labels a simulated market plainly. Prices from the simulator are not exchange prices.

9. Complaints. Write to {{broker_grievance_email}} or call {{broker_grievance_phone}}; we answer within 21 days. If you are not satisfied you may lodge a complaint on SEBI's SCORES portal (https://scores.sebi.gov.in) and then use the Online Dispute Resolution portal (https://smartodr.in).

10. Changes and closing. We tell you before this agreement changes. You may close your account at any time once open positions are closed and dues are settled; your remaining balance is paid out to your bank account.`;

const AGREEMENT_HI = `ग्राहक अनुबंध और जोखिम प्रकटीकरण

1. हम कौन हैं। यह ऐप {{broker_name}} द्वारा संचालित है, जो भारतीय प्रतिभूति और विनिमय बोर्ड (SEBI) में पंजीकृत स्टॉक ब्रोकर है (SEBI पंजीकरण संख्या {{broker_sebi_registration}}), पंजीकृत कार्यालय: {{broker_address}}। खाता खोलकर आप हमारे साथ यह अनुबंध करते हैं।

2. आपका खाता। जमा, ट्रेड या निकासी से पहले आपकी आयु कम से कम 18 वर्ष होनी चाहिए, आप भारत के निवासी हों या भारतीय बाज़ारों में निवेश की अनुमति रखते हों, और KYC (PAN, पहचान और पते का प्रमाण) पूरा हो। अपना लॉगिन पासवर्ड, फ़ंड पासवर्ड और टू-फ़ैक्टर कोड किसी को न बताएँ; इनसे दिए गए निर्देश आपके माने जाते हैं।

3. आपका पैसा। आपका हर रुपया डबल-एंट्री लेजर में दर्ज होता है, जिसे आप अपने स्टेटमेंट के रूप में देख सकते हैं। जमा राशि सत्यापन के बाद खाते में आती है। आप अपनी मुक्त शेष राशि अपने नाम के बैंक खाते में निकाल सकते हैं; निकासी केवल बताए गए कारण से रोकी जाती है (KYC सत्यापित नहीं, फ़ंड पासवर्ड या भुगतान खाता नहीं, सीमाएँ, निकासी का समय, खुले ऑर्डर या ऋण के लिए रोकी गई राशि, या कर्मचारियों द्वारा कारण सहित दर्ज फ़्लैग)।

4. ऑर्डर और भाव। मार्केट ऑर्डर निष्पादन के समय के फ़ीड भाव पर भरता है; लिमिट ऑर्डर अपनी सीमा या उससे बेहतर भाव पर। हर फ़िल उस टिक को दर्ज करता है जिस पर वह हुआ। हर ग्राहक के लिए भाव एक ही है। एक्सचेंज नियमों, प्राइस बैंड या मार्जिन का उल्लंघन करने वाला ऑर्डर हम कारण बताकर अस्वीकार या रद्द कर सकते हैं।

5. शुल्क। ब्रोकरेज, STT, एक्सचेंज और SEBI शुल्क, स्टाम्प ड्यूटी और GST ऑर्डर की पुष्टि से पहले और हर कॉन्ट्रैक्ट नोट पर दिखाए जाते हैं। ऋण का ब्याज और अन्य सेवाओं के शुल्क स्वीकार करने से पहले दिखाए जाते हैं।

6. कॉन्ट्रैक्ट नोट और स्टेटमेंट। जिस दिन ट्रेड होता है उस दिन का कॉन्ट्रैक्ट नोट जारी होता है, और स्टेटमेंट में हर पोस्टिंग दिखती है। कोई गलती हो तो 7 दिनों के भीतर बताएँ।

7. जोखिम प्रकटीकरण। प्रतिभूतियों में निवेश जोखिम भरा है। भाव गिर भी सकते हैं और आप निवेश की गई पूरी या आंशिक राशि खो सकते हैं। इंट्राडे, लीवरेज (MTF) और शॉर्ट पोज़िशन में लगाए गए मार्जिन से अधिक नुकसान हो सकता है, और मार्जिन कम होने पर हम उन्हें बंद (स्टॉप-आउट, स्क्वेयर-ऑफ़) कर सकते हैं। पिछला प्रदर्शन, कॉपी-ट्रेडिंग के परिणाम और IPO आवंटन भविष्य के रिटर्न की गारंटी नहीं हैं। टिप्स या निश्चित रिटर्न के वादों पर ट्रेड न करें; {{broker_name}} का कोई भी व्यक्ति आपको रिटर्न का वादा नहीं कर सकता।

8. सिम्युलेटेड बाज़ार। जब मार्केट सिम्युलेटर चालू होता है, ऐप इसे स्पष्ट रूप से बताता है। सिम्युलेटर के भाव एक्सचेंज के भाव नहीं हैं।

9. शिकायतें। {{broker_grievance_email}} पर लिखें या {{broker_grievance_phone}} पर कॉल करें; हम 21 दिनों के भीतर उत्तर देते हैं। संतुष्ट न होने पर आप SEBI के SCORES पोर्टल (https://scores.sebi.gov.in) पर शिकायत दर्ज कर सकते हैं और फिर ऑनलाइन विवाद समाधान पोर्टल (https://smartodr.in) का उपयोग कर सकते हैं।

10. बदलाव और खाता बंद करना। अनुबंध बदलने से पहले हम आपको सूचित करते हैं। खुली पोज़िशन बंद होने और बकाया चुकाने के बाद आप कभी भी खाता बंद कर सकते हैं; शेष राशि आपके बैंक खाते में भेजी जाती है।`;

const AGREEMENT_ZH = `客户协议与风险披露

1. 我们是谁。本应用由 {{broker_name}} 运营，该公司是在印度证券交易委员会（SEBI）注册的证券经纪商（SEBI 注册号 {{broker_sebi_registration}}），注册地址：{{broker_address}}。开立账户即表示您与我们订立本协议。

2. 您的账户。您须年满 18 周岁，为印度居民或获准投资印度市场，并在入金、交易或出金前完成 KYC（PAN、身份及地址证明）。请妥善保管登录密码、资金密码和两步验证码；凭这些信息发出的指令均视为您本人的指令。

3. 您的资金。您在我们这里的每一卢比都记录在复式记账的账本中，您可以在资金明细中查看。入金经核实后到账。您可以将可用余额提取到您本人名下的银行账户；我们只会因明确的理由拒绝出金（KYC 未认证、未设资金密码或收款账户、超出限额、不在出金时段、资金被未成交订单占用或用于偿还贷款，或工作人员已记录原因的账户标记）。

4. 订单与价格。市价单按执行时的行情价格成交；限价单按限价或更优价格成交。每笔成交都会记录所用的行情。所有客户适用同一价格。违反交易所规则、价格带或保证金要求的订单，我们可能会拒绝或撤销，并告知原因。

5. 费用。佣金、证券交易税（STT）、交易所及 SEBI 费用、印花税和商品及服务税（GST）会在您确认订单前及每份成交单据上列明。贷款利息及其他服务费用会在您接受前列明。

6. 成交单据与对账单。每个有成交的交易日我们都会出具成交单据（contract note），资金明细显示每一笔记账。如有错误，请在 7 天内告知我们。

7. 风险披露。证券投资有风险。价格可能下跌，您可能损失部分或全部投资。日内、杠杆（MTF）和卖空持仓的亏损可能超过您投入的保证金，保证金不足时我们可能强制平仓。过往业绩、跟单结果和新股中签不代表未来收益。请勿依据"内幕消息"或保本保收益的承诺进行交易；{{broker_name}} 的任何人员都无权向您承诺收益。

8. 模拟行情。行情模拟器开启时，本应用会明确标注。模拟器的价格不是交易所价格。

9. 投诉。请发送邮件至 {{broker_grievance_email}} 或致电 {{broker_grievance_phone}}；我们会在 21 天内答复。如不满意，您可以在 SEBI 的 SCORES 平台（https://scores.sebi.gov.in）投诉，并可使用在线争议解决平台（https://smartodr.in）。

10. 变更与销户。本协议变更前我们会通知您。在平掉持仓并结清欠款后，您可以随时销户；剩余余额将转入您的银行账户。`;

const PRIVACY_EN = `Privacy policy

{{broker_name}} ("we") processes your personal data under the Digital Personal Data Protection Act, 2023 and the KYC and record-keeping rules of SEBI and the Prevention of Money Laundering Act, 2002.

What we collect. Your mobile number, name, PAN, identity and address documents and their photographs (KYC); your bank accounts for payouts; your orders, trades, positions and ledger postings; the devices and sessions you sign in from (device name, IP address, time); and the messages you send us.

Why. To open and run your account, verify who you are, execute and settle your trades, keep your money in the ledger, pay you out, send you notices, prevent fraud, and meet our legal duties (KYC, reporting to exchanges, depositories, SEBI, tax authorities and the Financial Intelligence Unit where the law requires). We rely on your consent, given when you register, and on the legal obligations above. We do not sell your data and do not use it for advertising by others.

Who sees it. Our staff who need it for their work (every act is audited), the exchanges, clearing corporations, depositories and KYC registration agencies, our bank and payment partners, and authorities when the law requires. Service providers who process data for us are bound by contract to the same protection.

How long. For as long as your account is open and then for the periods the law sets for brokers' records (at least eight years under SEBI and PMLA rules); then we delete or anonymise it.

Your rights. You may ask for a summary of the data we hold about you and whom we shared it with, ask us to correct or complete it, withdraw consent (we then close the account, keeping what the law requires), nominate a person to exercise your rights, and complain to us and then to the Data Protection Board of India.

Security. Passwords are stored only as salted hashes; sessions expire; sensitive acts need your fund password or a second-factor code; access by staff is limited and logged. We will tell you and the Data Protection Board of a personal data breach as the Act requires.

Contact. Our grievance officer: {{broker_grievance_email}}, {{broker_grievance_phone}}, {{broker_address}}. We answer within the time the Act and its rules set.`;

const PRIVACY_HI = `गोपनीयता नीति

{{broker_name}} ("हम") डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023 और SEBI तथा धन-शोधन निवारण अधिनियम, 2002 के KYC और रिकॉर्ड रखने के नियमों के तहत आपका व्यक्तिगत डेटा संसाधित करता है।

हम क्या एकत्र करते हैं। आपका मोबाइल नंबर, नाम, PAN, पहचान और पते के दस्तावेज़ व उनकी तस्वीरें (KYC); भुगतान के लिए आपके बैंक खाते; आपके ऑर्डर, ट्रेड, पोज़िशन और लेजर पोस्टिंग; वे डिवाइस और सत्र जिनसे आप साइन इन करते हैं (डिवाइस का नाम, IP पता, समय); और आपके द्वारा भेजे गए संदेश।

क्यों। आपका खाता खोलने और चलाने, आपकी पहचान सत्यापित करने, ट्रेड निष्पादित और निपटाने, आपका पैसा लेजर में रखने, भुगतान करने, सूचनाएँ भेजने, धोखाधड़ी रोकने और हमारे कानूनी दायित्व पूरे करने के लिए (KYC, और जहाँ कानून माँगे वहाँ एक्सचेंज, डिपॉज़िटरी, SEBI, कर अधिकारियों और वित्तीय खुफिया इकाई को रिपोर्टिंग)। हम पंजीकरण के समय दी गई आपकी सहमति और ऊपर बताए कानूनी दायित्वों पर निर्भर करते हैं। हम आपका डेटा बेचते नहीं हैं और दूसरों के विज्ञापन के लिए उपयोग नहीं करते।

इसे कौन देखता है। हमारे वे कर्मचारी जिन्हें काम के लिए इसकी ज़रूरत है (हर कार्य का ऑडिट होता है), एक्सचेंज, क्लियरिंग कॉरपोरेशन, डिपॉज़िटरी और KYC पंजीकरण एजेंसियाँ, हमारे बैंक और भुगतान साझेदार, और कानून द्वारा आवश्यक होने पर अधिकारी। हमारे लिए डेटा संसाधित करने वाले सेवा प्रदाता अनुबंध द्वारा समान सुरक्षा से बंधे हैं।

कितने समय तक। जब तक आपका खाता खुला है, और उसके बाद ब्रोकर के रिकॉर्ड के लिए कानून द्वारा तय अवधि तक (SEBI और PMLA नियमों के तहत कम से कम आठ वर्ष); फिर हम इसे हटा देते हैं या अनाम कर देते हैं।

आपके अधिकार। आप अपने बारे में रखे गए डेटा और जिनसे वह साझा हुआ उनका सारांश माँग सकते हैं, उसे सुधारने या पूरा करने को कह सकते हैं, सहमति वापस ले सकते हैं (तब हम खाता बंद करते हैं और केवल वही रखते हैं जो कानून माँगता है), अपने अधिकारों के प्रयोग के लिए किसी व्यक्ति को नामित कर सकते हैं, और हमसे तथा फिर भारतीय डेटा संरक्षण बोर्ड से शिकायत कर सकते हैं।

सुरक्षा। पासवर्ड केवल सॉल्टेड हैश के रूप में रखे जाते हैं; सत्र समाप्त होते हैं; संवेदनशील कार्यों के लिए फ़ंड पासवर्ड या टू-फ़ैक्टर कोड चाहिए; कर्मचारियों की पहुँच सीमित और दर्ज होती है। व्यक्तिगत डेटा उल्लंघन होने पर हम अधिनियम के अनुसार आपको और डेटा संरक्षण बोर्ड को सूचित करेंगे।

संपर्क। हमारे शिकायत अधिकारी: {{broker_grievance_email}}, {{broker_grievance_phone}}, {{broker_address}}। हम अधिनियम और उसके नियमों द्वारा तय समय में उत्तर देते हैं।`;

const PRIVACY_ZH = `隐私政策

{{broker_name}}（"我们"）依据《2023 年数字个人数据保护法》（DPDP Act）以及 SEBI 和《2002 年防止洗钱法》（PMLA）关于 KYC 和记录保存的规定处理您的个人数据。

我们收集什么。您的手机号、姓名、PAN、身份及地址证明文件及其照片（KYC）；用于出金的银行账户；您的订单、成交、持仓和账本记录；您登录所用的设备和会话（设备名称、IP 地址、时间）；以及您发给我们的信息。

为什么收集。用于开立和运营您的账户、核实身份、执行和结算交易、在账本中记录您的资金、向您付款、发送通知、防范欺诈，并履行法定义务（KYC，以及在法律要求时向交易所、存管机构、SEBI、税务机关和金融情报机构报告）。我们依据您注册时给予的同意以及上述法定义务处理数据。我们不出售您的数据，也不将其用于他人的广告。

谁能看到。因工作需要的员工（每项操作均有审计记录）、交易所、清算机构、存管机构和 KYC 登记机构、我们的银行和支付合作方，以及法律要求时的主管机关。为我们处理数据的服务商受合同约束，须提供同等保护。

保存多久。在您的账户存续期间，以及此后法律为经纪商记录规定的期限（依据 SEBI 和 PMLA 规定至少八年）；之后我们会删除或匿名化处理。

您的权利。您可以要求获取我们持有的您的数据摘要及共享对象，要求更正或补充，撤回同意（我们随后将关闭账户，仅保留法律要求的内容），指定他人代为行使权利，并可向我们投诉，之后向印度数据保护委员会投诉。

安全。密码仅以加盐哈希形式存储；会话会过期；敏感操作需要资金密码或两步验证码；员工访问受限并有日志记录。如发生个人数据泄露，我们将按法律规定通知您和数据保护委员会。

联系我们。申诉负责人：{{broker_grievance_email}}，{{broker_grievance_phone}}，{{broker_address}}。我们将在法律及其规则规定的时间内答复。`;

/** The legal texts, by configuration name. */
export const DEFAULT_LEGAL_TEXTS: Readonly<Record<string, string>> = {
  agreement_en: AGREEMENT_EN,
  agreement_hi: AGREEMENT_HI,
  agreement_zh: AGREEMENT_ZH,
  privacy_en: PRIVACY_EN,
  privacy_hi: PRIVACY_HI,
  privacy_zh: PRIVACY_ZH,
};

/**
 * The placeholders earlier installations were seeded with. A start replaces an entry that still
 * holds one of them (staff never edited it) with the real default above; an edited text stays.
 */
export const SUPERSEDED_PLACEHOLDERS: Readonly<Record<string, string>> = {
  agreement_en: 'User agreement: replace this text with your brokerage’s agreement in the console (Config).',
  agreement_hi: 'उपयोगकर्ता अनुबंध: कंसोल (Config) में इस पाठ को अपने ब्रोकरेज के अनुबंध से बदलें।',
  agreement_zh: '用户协议：请在控制台（配置）中替换为贵公司的协议文本。',
  privacy_en: 'Privacy policy: replace this text with your brokerage’s policy in the console (Config).',
  privacy_hi: 'गोपनीयता नीति: कंसोल (Config) में इस पाठ को अपने ब्रोकरेज की नीति से बदलें।',
  privacy_zh: '隐私政策：请在控制台（配置）中替换为贵公司的隐私政策。',
};
