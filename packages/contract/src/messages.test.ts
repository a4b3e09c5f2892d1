import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './errors.js';
import { MESSAGE_CATALOGUE, renderMessage } from './messages.js';

describe('the message catalogue', () => {
  it('gives every kind a title and body in each language using exactly its declared parameters', () => {
    for (const [kind, template] of Object.entries(MESSAGE_CATALOGUE)) {
      expect(kind).toMatch(/^[A-Z][A-Z0-9_]+$/);
      for (const language of LANGUAGES) {
        for (const part of ['title', 'body'] as const) {
          const text: string = template[part][language];
          expect(text.trim(), `${kind} ${part} ${language}`).not.toBe('');
          const used = new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
          for (const name of used) expect(template.params, `${kind} ${part} ${language}`).toContain(name);
        }
        const usedAnywhere = new Set(
          [...`${template.title[language]} ${template.body[language]}`.matchAll(/\{(\w+)\}/g)].map(
            (m) => m[1],
          ),
        );
        expect([...usedAnywhere].sort(), `${kind} ${language}`).toEqual([...template.params].sort());
      }
    }
  });

  it('renders a stored kind in the reader’s language and an unknown kind as its code', () => {
    expect(renderMessage('WELCOME', 'hi').title).toBe('निवेश में आपका स्वागत है');
    expect(renderMessage('NO_SUCH_KIND', 'en')).toEqual({ title: 'NO_SUCH_KIND', body: '' });
  });
});
