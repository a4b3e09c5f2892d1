// Runs inline in index.html, before any module script: when the app opens on the home screen with
// a session, it draws the home screen's frame (index bar space, product card, market tabs, tab bar)
// in the user's language, so the first paint is the real layout instead of a logo. React replaces
// it with the live screen. The build (boot/vite-plugins.ts) fills in the template and the texts
// from src/i18n/*.json; the language is chosen as src/i18n/language.ts detectLanguage() does.
(() => {
  try {
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
  } catch {
    // Without storage, or on any surprise, the logo shell stays and the app draws the screen itself.
  }
})();
