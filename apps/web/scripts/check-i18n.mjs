// Fails (exit 1) when the catalogues disagree: a key missing in one language, an empty value,
// different {{placeholders}} for the same key, a Hindi or Chinese value left in English, or a key
// used in the source that no catalogue has.
// Runs before every build.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['en', 'hi', 'zh'];
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const problems = [];

function flatten(node, prefix, into) {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, into);
    else into.set(path, value);
  }
  return into;
}

function placeholders(text) {
  return [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');
}

const catalogs = new Map();
for (const language of LANGUAGES) {
  const text = await readFile(`${srcDir}i18n/${language}.json`, 'utf8');
  catalogs.set(language, flatten(JSON.parse(text), '', new Map()));
}

// Plural forms (i18next: key_one, key_other, …) differ by language (Chinese has only `other`): a
// plural key is checked as one key, present when the language has its `_other` form.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key) => key.replace(PLURAL, '');
const allKeys = new Set([...catalogs.values()].flatMap((catalog) => [...catalog.keys()]));
const pluralKeys = new Set([...allKeys].filter((key) => PLURAL.test(key)).map(baseKey));
for (const key of [...allKeys].sort()) {
  const english = catalogs.get('en').get(key) ?? catalogs.get('en').get(`${baseKey(key)}_other`);
  for (const language of LANGUAGES) {
    const value = catalogs.get(language).get(key);
    if (value === undefined) {
      if (!PLURAL.test(key) || !catalogs.get(language).has(`${baseKey(key)}_other`))
        problems.push(`${language}: missing "${key}"`);
    } else if (typeof value !== 'string' || value.trim() === '')
      problems.push(`${language}: empty value for "${key}"`);
    else if (english !== undefined && placeholders(value) !== placeholders(english)) {
      problems.push(
        `${language}: "${key}" has placeholders {${placeholders(value)}}, en has {${placeholders(english)}}`,
      );
    }
  }
}

// A Hindi or Chinese value equal to the English one is text left untranslated, unless it holds no
// English word at all (acronyms, symbols, placeholders: "UPI ID", "GTT", "{{quantity}} @ {{price}}")
// or is a proper name written the same in every language.
const SAME_IN_EVERY_LANGUAGE = new Set(['app.name', 'funds.kyc.aadhaar']);
const hasEnglishWord = (text) => /[a-z]{2,}/.test(String(text).replace(/\{\{\s*\w+\s*\}\}/g, ''));
for (const [key, english] of catalogs.get('en')) {
  if (SAME_IN_EVERY_LANGUAGE.has(key) || !hasEnglishWord(english)) continue;
  for (const language of ['hi', 'zh']) {
    if (catalogs.get(language).get(key) === english)
      problems.push(`${language}: "${key}" is the English text, untranslated ("${english}")`);
  }
}

// Keys written literally in the source: any quoted 'namespace.key' whose namespace is a top-level
// section of the catalogues (t('login.title'), titleKey: 'route.home.index', 'validation.…'). Keys built at run time (t(`account.kyc.${status}`)) are checked by
// their literal prefix: some key under it must exist.
async function sourceFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory()) return sourceFiles(`${path}/`);
      return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    }),
  );
  return files.flat();
}

const namespaces = [...new Set([...allKeys].map((key) => key.split('.')[0]))].join('|');
const literalKey = new RegExp(`['"]((?:${namespaces})\\.[\\w.]+)['"]`, 'g');
const templateKey = /\bt\(\s*`([\w.]+)\.\$\{/g;
for (const file of await sourceFiles(srcDir)) {
  const source = await readFile(file, 'utf8');
  const relative = file.slice(srcDir.length);
  for (const [, key] of source.matchAll(literalKey)) {
    if (!allKeys.has(key) && !pluralKeys.has(key))
      problems.push(`src/${relative}: uses "${key}", which no catalogue has`);
  }
  for (const [, prefix] of source.matchAll(templateKey)) {
    if (![...allKeys].some((key) => key.startsWith(`${prefix}.`))) {
      problems.push(`src/${relative}: builds keys under "${prefix}.", which no catalogue has`);
    }
  }
}

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n check passed: ${allKeys.size} keys in ${LANGUAGES.join(', ')}`);
