import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const [out, ...files] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1170, height: 844 } });
const imgs = files.map((f) => `<figure><img src="data:image/png;base64,${readFileSync(f).toString('base64')}"><figcaption>${f.split('/').slice(-2).join('/')}</figcaption></figure>`).join('');
await page.setContent(`<style>body{margin:0;display:flex;flex-wrap:wrap}figure{margin:0;width:390px;position:relative}img{width:390px}figcaption{position:absolute;top:0;left:0;background:#ff0;font:12px sans-serif}</style>${imgs}`);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
