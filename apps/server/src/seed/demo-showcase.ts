import type { Language } from '@nivesh/contract';
import { composeDeps } from '../application/compose-deps.js';
import type { StaffContext } from '../application/context.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { hasRow } from '../repositories/row-lookups.js';
import { findStaffByUsername } from '../repositories/staff.repository.js';
import { UserEvents } from '../streaming/user-events.js';
import { saveCheckinReward } from '../use-cases/checkin/save-checkin-reward.js';
import { createFollowProduct } from '../use-cases/follow/create-follow-product.js';
import { saveIpoIssue } from '../use-cases/ipo/save-ipo-issue.js';
import { replaceLoanQuotaTable } from '../use-cases/loans/loan-quota-table.js';
import { saveNews } from '../use-cases/news/manage-news.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const REASON = 'Demo content of a first start (demo seed)';

/** A silent logger: the showcase runs before the server's own logger exists. */
const quietLog = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return quietLog;
  },
} as unknown as Parameters<typeof composeDeps>[0]['log'];

/**
 * Something in every feature a newcomer opens on a first start: news in each language, an IPO open
 * for subscription at a price the demo investor can afford and one upcoming, a copy-trading
 * product, a credit-quota table and check-in rewards. Everything is made by the staff use cases the
 * console calls, as the seeded admin with a stated reason, so the same rules, ledger entries and
 * audit rows apply as when staff do it; every title says it is demo content. Each part is made
 * only while its table is empty, so staff edits and deletions are never undone by a restart.
 */
export async function seedDemoShowcase(db: Db, config: ServerConfig, nowMs: number): Promise<void> {
  const admin = await findStaffByUsername(db, config.demo.adminUsername);
  if (!admin) return;
  const deps = await composeDeps({
    db,
    config,
    clock: { now: () => nowMs },
    log: quietLog,
    userEvents: new UserEvents(),
    // Staff use cases only: no investor session is read, so none is cached.
    sessionCacheMs: 0,
  });
  const staff: StaffContext = {
    requestId: 'demo-seed',
    language: 'en',
    ip: '127.0.0.1',
    userAgent: 'demo seed',
    nowMs,
    staff: {
      id: admin.id,
      username: admin.username,
      displayName: admin.displayName,
      roles: new Set(admin.roles),
      sessionId: 0n,
    },
  };

  if (!(await hasRow(db, 'news', {}))) {
    for (const item of DEMO_NEWS) {
      await saveNews(deps, staff, { ...item, coverUrl: null, publishAt: nowMs - HOUR_MS });
    }
  }

  if (!(await hasRow(db, 'ipo_issues', {}))) {
    const day = (days: number) => nowMs + days * DAY_MS;
    await saveIpoIssue(deps, staff, {
      code: 'DEMOIPO',
      name: 'Demo Rail Components Ltd (demo issue)',
      issueMarket: 'NSE',
      sponsor: 'Demo Capital Markets (demo)',
      // The spec's minimum subscription is 10,000 shares: ₹2,45,000 here, within the demo cash.
      provisionalPrice: '24.50',
      lotSize: 1_000,
      offeredShares: 20_000_000,
      opensAt: nowMs - HOUR_MS,
      closesAt: day(3),
      drawAt: day(4),
      allotmentAt: day(5),
      listingAt: day(7),
      reason: REASON,
    });
    await saveIpoIssue(deps, staff, {
      code: 'DEMOWIND',
      name: 'Demo Wind Energy Ltd (demo issue)',
      issueMarket: 'NSE',
      sponsor: 'Demo Capital Markets (demo)',
      provisionalPrice: '18.00',
      lotSize: 1_000,
      offeredShares: 30_000_000,
      opensAt: day(10),
      closesAt: day(13),
      drawAt: day(14),
      allotmentAt: day(15),
      listingAt: day(17),
      reason: REASON,
    });
  }

  if (!(await hasRow(db, 'follow_products', {}))) {
    await createFollowProduct(deps, staff, {
      name: 'Demo: Large-cap value (simulated strategy)',
      description:
        'Demo content. A strategy account that staff trade from the console; your investment copies its trades in proportion. Prices are simulated.',
      fundSize: '1000000.00',
      minInvestment: '10000.00',
      copyUntil: nowMs + 30 * DAY_MS,
      endsAt: nowMs + 90 * DAY_MS,
      reason: REASON,
    });
  }

  if (!(await hasRow(db, 'loan_quota_tiers', {}))) {
    await replaceLoanQuotaTable(deps, staff, {
      // A starter tier at score 0, so a newly registered investor (no bureau score yet) can try a
      // small loan on a first run; the seeded demo investor's 720 reaches the second tier.
      tiers: [
        { minCreditScore: 0, quota: '10000.00' },
        { minCreditScore: 600, quota: '50000.00' },
        { minCreditScore: 700, quota: '200000.00' },
        { minCreditScore: 800, quota: '500000.00' },
      ],
      reason: REASON,
    });
  }

  if (!(await hasRow(db, 'checkin_rewards', {}))) {
    for (const [requiredCount, amount] of [
      [3, '10.00'],
      [10, '75.00'],
      [30, '300.00'],
    ] as const) {
      await saveCheckinReward(deps, staff, { requiredCount, amount, active: true, reason: REASON });
    }
  }
}

interface DemoNews {
  language: Language;
  title: string;
  bodyHtml: string;
}

const DEMO_NEWS: readonly DemoNews[] = [
  {
    language: 'en',
    title: 'Demo: how the simulated market works',
    bodyHtml:
      '<p>This is demo content of a first start. Until your broker connects a real feed or imports NSE files, prices come from a simulator: every quote and chart says so.</p><p>The simulator follows NSE hours (09:15 to 15:30 IST on trading days) and holidays.</p>',
  },
  {
    language: 'en',
    title: 'Demo: what you pay on a trade',
    bodyHtml:
      '<p>This is demo content. Before you confirm an order, Nivesh shows every charge line by line: brokerage, STT, exchange transaction charge, SEBI fee, stamp duty, GST and, when you sell from delivery, the DP charge.</p><p>Each trading day you get a contract note with the same lines.</p>',
  },
  {
    language: 'en',
    title: 'Demo: subscribe to an IPO',
    bodyHtml:
      '<p>This is demo content. A demo issue is open for subscription under New shares: choose the lots, confirm with your fund password, and see the draw after the window closes.</p>',
  },
  {
    language: 'hi',
    title: 'डेमो: सिम्युलेटेड बाज़ार कैसे काम करता है',
    bodyHtml:
      '<p>यह पहली शुरुआत की डेमो सामग्री है। जब तक आपका ब्रोकर असली फ़ीड नहीं जोड़ता या NSE फ़ाइलें आयात नहीं करता, भाव एक सिम्युलेटर से आते हैं: हर भाव और चार्ट यह बताता है।</p>',
  },
  {
    language: 'hi',
    title: 'डेमो: हर ट्रेड पर आप क्या चुकाते हैं',
    bodyHtml:
      '<p>यह डेमो सामग्री है। ऑर्डर की पुष्टि से पहले Nivesh हर शुल्क अलग-अलग दिखाता है: ब्रोकरेज, STT, एक्सचेंज शुल्क, SEBI शुल्क, स्टांप ड्यूटी, GST और DP शुल्क।</p>',
  },
  {
    language: 'zh',
    title: '演示：模拟行情如何运作',
    bodyHtml:
      '<p>这是首次启动的演示内容。在券商接入真实行情或导入 NSE 文件之前，价格来自模拟器：每个报价和图表都会注明。</p>',
  },
  {
    language: 'hi',
    title: 'डेमो: आईपीओ के लिए आवेदन करें',
    bodyHtml:
      '<p>यह डेमो सामग्री है। नए शेयर में एक डेमो इश्यू सब्सक्रिप्शन के लिए खुला है: लॉट चुनें, अपने फ़ंड पासवर्ड से पुष्टि करें, और विंडो बंद होने के बाद ड्रॉ देखें।</p>',
  },
  {
    language: 'zh',
    title: '演示：申购新股',
    bodyHtml:
      '<p>这是演示内容。新股页面有一只演示新股正在申购：选择手数，用资金密码确认，申购窗口关闭后查看抽签结果。</p>',
  },
  {
    language: 'zh',
    title: '演示：每笔交易的费用',
    bodyHtml:
      '<p>这是演示内容。确认订单前，Nivesh 会逐项列出每项费用：佣金、STT、交易所费用、SEBI 费、印花税、GST，以及卖出交割持仓时的 DP 费用。</p>',
  },
];
