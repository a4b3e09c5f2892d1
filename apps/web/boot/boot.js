// The investor app's boot script, inline in index.html (boot/vite-plugins.ts puts it there and fills
// in the JSON placeholders; the server allows it by its hash). It does two things:
// 1. When the app opens on the home screen with a session, it draws the home screen's frame (index
//    bar space, product card, market tabs, tab bar; boot/home-shell.html) in the user's language,
//    chosen as src/i18n/language.ts detectLanguage() does, so the first paint is the real layout
//    instead of a logo. React replaces it with the live screen.
// 2. It starts loading the app's JavaScript once that first picture is on screen (the first
//    contentful paint), so the page paints from the HTML alone and the scripts never stand between
//    the user and the first picture. On the home shell it also starts the home screen's own chunks,
//    which would otherwise wait for the entry to run.
(() => {
  const drawHomeShell = () => {
    const path = window.location.hash.replace(/^#/, '').split('?')[0];
    const store = window.localStorage;
    if (path !== '/home/index' || !(store.getItem('token') || store.getItem('tokend'))) return false;
    const texts = JSON.parse('"__TEXTS__"');
    const template = JSON.parse('"__TEMPLATE__"');
    const pick = (tag) => {
      const primary = String(tag || '')
        .trim()
        .toLowerCase()
        .replace('_', '-')
        .split('-')[0];
      const language = primary === 'yd' ? 'hi' : primary;
      return Object.hasOwn(texts, language) ? language : '';
    };
    let language = pick(store.getItem('lang'));
    for (const candidate of navigator.languages || [navigator.language]) language ||= pick(candidate);
    language ||= 'en';
    const catalog = texts[language];
    document.getElementById('root').innerHTML = template.replace(
      /\{\{([\w.]+)\}\}/g,
      (_, key) => catalog[key],
    );
    document.documentElement.lang = language;
    return true;
  };

  const linkTo = (rel, href) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    return link;
  };

  // Each element starts a request, which costs a slow phone's main thread about a millisecond:
  // two per task keeps every task short.
  const appendInTasks = (elements) => {
    document.head.append(...elements.splice(0, 2));
    if (elements.length > 0) setTimeout(() => appendInTasks(elements), 0);
  };

  const loadApp = (isHome) => {
    const entry = JSON.parse('"__ENTRY__"');
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.script;
    const screen = isHome ? entry.home : { scripts: [], styles: [] };
    appendInTasks([
      script,
      ...entry.preloads.map((href) => linkTo('modulepreload', href)),
      ...screen.scripts.map((href) => linkTo('modulepreload', href)),
      ...screen.styles.map((href) => linkTo('stylesheet', href)),
    ]);
  };

  // Runs `start` once the static shell is on screen: at the first contentful paint where the browser
  // reports paints, else after the next frame (a frame callback runs just before a paint, the
  // timeout after it). A hidden tab paints nothing, so it starts at once; the timer is a safety net.
  const afterFirstPaint = (start) => {
    let hasStarted = false;
    const startOnce = () => {
      if (hasStarted) return;
      hasStarted = true;
      start();
    };
    if (document.visibilityState === 'hidden') return startOnce();
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      return requestAnimationFrame(() => setTimeout(startOnce, 0));
    }
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      startOnce();
    }).observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', startOnce, { once: true });
    setTimeout(startOnce, 2000);
  };

  let isHome = false;
  try {
    isHome = drawHomeShell();
  } catch {
    // Without storage, or on any surprise, the logo shell stays and the app draws the screen itself.
  }
  afterFirstPaint(() => loadApp(isHome));
})();
