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
} as const satisfies Record<string, MessageTemplate>;

export type MessageKind = keyof typeof MESSAGE_CATALOGUE;
export type MessageParams = Record<string, string | number>;

export function isMessageKind(value: string): value is MessageKind {
  return Object.hasOwn(MESSAGE_CATALOGUE, value);
}

const fill = (template: string, params: MessageParams) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );

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
