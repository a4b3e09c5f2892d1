import type { ErrorCode, ErrorParams } from '@nivesh/contract';

/**
 * The configuration staff edit in the console, with what each value must be. `market_feed` is
 * listed but not edited here: the feed control (market/setFeed) writes it. Deposit channels belong
 * to the funds area.
 */
interface ConfigRule {
  description: string;
  maxLength: number;
  /** Where the value points: a web address, mailto:/tel:, a path on this site, or an inline image. */
  link?: 'logo' | 'contact';
}

const TEXT_MAX = 20_000;

export const EDITABLE_CONFIG: Readonly<Record<string, ConfigRule>> = {
  title: { description: 'The app and page title.', maxLength: 60 },
  logo: {
    description: 'The logo: a path on this site (/icons/…), an https address or a data:image URL.',
    maxLength: TEXT_MAX,
    link: 'logo',
  },
  kefu: {
    description: 'The customer-service link (https, mailto: or tel:).',
    maxLength: 2_000,
    link: 'contact',
  },
  withdrawal_arrival: {
    description:
      'When a withdrawal arrives, shown on the withdrawal screen (English, and any language without its own text).',
    maxLength: 500,
  },
  withdrawal_arrival_hi: { description: 'When a withdrawal arrives, Hindi.', maxLength: 500 },
  withdrawal_arrival_zh: { description: 'When a withdrawal arrives, Chinese.', maxLength: 500 },
  agreement_en: { description: 'User agreement, English.', maxLength: TEXT_MAX },
  agreement_hi: { description: 'User agreement, Hindi.', maxLength: TEXT_MAX },
  agreement_zh: { description: 'User agreement, Chinese.', maxLength: TEXT_MAX },
  privacy_en: { description: 'Privacy policy, English.', maxLength: TEXT_MAX },
  privacy_hi: { description: 'Privacy policy, Hindi.', maxLength: TEXT_MAX },
  privacy_zh: { description: 'Privacy policy, Chinese.', maxLength: TEXT_MAX },
  // The broker's details printed on contract notes (docs/adr/0021-contract-notes.md); defaults in
  // use-cases/contract-notes/broker-details.ts until staff set them.
  broker_name: { description: 'Broker’s legal name, printed on contract notes.', maxLength: 120 },
  broker_sebi_registration: {
    description: 'SEBI registration number, printed on contract notes.',
    maxLength: 40,
  },
  broker_address: { description: 'Registered office address, printed on contract notes.', maxLength: 300 },
  broker_grievance_email: {
    description: 'Investor grievance email, printed on contract notes.',
    maxLength: 120,
  },
  // Shown with the others in the account area's footer and filled into the legal texts
  // ({{broker_grievance_phone}}, seed/legal-texts.ts).
  broker_grievance_phone: { description: 'Investor grievance phone number.', maxLength: 40 },
};

export const READ_ONLY_CONFIG: Readonly<Record<string, string>> = {
  market_feed: 'The running market feed; switch it under Market → Feed.',
};

const LOGO_LINK = /^(\/[^\s]*|https:\/\/[^\s]+|data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/;
const CONTACT_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9 -]{3,20})$/;

/** Why a value is refused for a configuration entry, or null when it may be stored. */
export function configRefusal(name: string, value: string): { code: ErrorCode; params: ErrorParams } | null {
  const rule = EDITABLE_CONFIG[name];
  if (!rule) return { code: 'CONFIG_NAME_UNKNOWN', params: { name } };
  if (value.trim() === '') return { code: 'CONFIG_VALUE_EMPTY', params: { name } };
  if (value.length > rule.maxLength)
    return { code: 'CONFIG_VALUE_TOO_LONG', params: { name, max: rule.maxLength } };
  if (rule.link === 'logo' && !LOGO_LINK.test(value)) return { code: 'CONFIG_URL_INVALID', params: { name } };
  if (rule.link === 'contact' && !CONTACT_LINK.test(value))
    return { code: 'CONFIG_URL_INVALID', params: { name } };
  return null;
}
