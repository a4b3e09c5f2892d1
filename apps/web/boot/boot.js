// The investor app's boot script, inline in index.html (boot/vite-plugins.ts puts it there and fills
// in the JSON placeholders; the server allows it by its hash). It does two things:
// 1. When the app opens on the home screen with a session, it draws the home screen's frame (index
//    bar space, product card, market tabs, tab bar; boot/home-shell.html) in the user's language,
//    chosen as src/i18n/language.ts detectLanguage() does, so the first paint is the real layout
//    instead of a logo. React replaces it with the live screen.
// 2. It starts loading the app's JavaScript right after that first paint, so the page paints from
//    the HTML alone and the scripts never stand between the user and the first picture.
(() => {
  const drawHomeShell = () => {
    const path = window.location.hash.replace(/^#/, '').split('?')[0];
    const store = window.localStorage;
    if (path !== '/home/index' || !(store.getItem('token') || store.getItem('tokend'))) return;
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
  };

  const loadApp = () => {
    const entry = JSON.parse('"__ENTRY__"');
    for (const href of entry.preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.script;
    document.head.append(script);
  };

  try {
    drawHomeShell();
  } catch {
    // Without storage, or on any surprise, the logo shell stays and the app draws the screen itself.
  }
  // A frame callback runs just before the first paint; the timeout after it, just after. A hidden
  // tab paints nothing (and runs no frame callbacks), so it loads at once.
  if (document.visibilityState === 'hidden') loadApp();
  else requestAnimationFrame(() => setTimeout(loadApp, 0));
})();
