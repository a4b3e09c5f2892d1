/**
 * Bank codes (the first four letters of an IFSC) of the banks an Indian retail investor most often
 * holds an account with: public-sector banks, the large private banks, small-finance and payments
 * banks. The RBI publishes the full list (about 1,300 banks); this short table is the default, and
 * an operator extends it with the `funds.extraBankCodes` parameter (the console setting `extraBankCodes`, see docs/api.md). A code not
 * known here is refused rather than guessed, so a typo cannot send money to another bank.
 */
export const KNOWN_BANK_CODES: Readonly<Record<string, string>> = {
  SBIN: 'State Bank of India',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  BKID: 'Bank of India',
  IDIB: 'Indian Bank',
  CBIN: 'Central Bank of India',
  IOBA: 'Indian Overseas Bank',
  UCBA: 'UCO Bank',
  MAHB: 'Bank of Maharashtra',
  PSIB: 'Punjab & Sind Bank',
  IBKL: 'IDBI Bank',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  INDB: 'IndusInd Bank',
  YESB: 'Yes Bank',
  IDFB: 'IDFC First Bank',
  FDRL: 'Federal Bank',
  BDBL: 'Bandhan Bank',
  RATN: 'RBL Bank',
  KARB: 'Karnataka Bank',
  KVBL: 'Karur Vysya Bank',
  SIBL: 'South Indian Bank',
  TMBL: 'Tamilnad Mercantile Bank',
  CIUB: 'City Union Bank',
  JAKA: 'Jammu & Kashmir Bank',
  DLXB: 'Dhanlaxmi Bank',
  CSBK: 'CSB Bank',
  AUBL: 'AU Small Finance Bank',
  ESFB: 'Equitas Small Finance Bank',
  UJVN: 'Ujjivan Small Finance Bank',
  IPOS: 'India Post Payments Bank',
  AIRP: 'Airtel Payments Bank',
  PYTM: 'Paytm Payments Bank',
  DBSS: 'DBS Bank India',
  HSBC: 'HSBC',
  SCBL: 'Standard Chartered Bank',
  CITI: 'Citibank',
};

/** IFSC: four letters of the bank, a zero kept for future use, six letters or digits of the branch. */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits long. */
const ACCOUNT_NUMBER = /^[0-9]{9,18}$/;

export type IfscCheck =
  | { ok: true; ifsc: string; bankCode: string; bankName: string }
  | { ok: false; reason: 'format' | 'unknown_bank' };

/**
 * Checks an IFSC (upper-cased, spaces removed) by its format and its bank code.
 *
 * Example: `checkIfsc('hdfc0001234')` is ok with bank name "HDFC Bank"; `checkIfsc('HDFC1001234')` is
 * refused for format (the fifth character must be 0); `checkIfsc('ZZZZ0001234')` for an unknown bank.
 */
export function checkIfsc(input: string, extraBankCodes: Readonly<Record<string, string>> = {}): IfscCheck {
  const ifsc = input.replace(/\s/g, '').toUpperCase();
  if (!IFSC.test(ifsc)) return { ok: false, reason: 'format' };
  const bankCode = ifsc.slice(0, 4);
  const bankName = extraBankCodes[bankCode] ?? KNOWN_BANK_CODES[bankCode];
  if (!bankName) return { ok: false, reason: 'unknown_bank' };
  return { ok: true, ifsc, bankCode, bankName };
}

/**
 * A bank account number with spaces removed, or null when it is not 9 to 18 digits.
 *
 * Example: `normaliseBankAccountNumber('5010 0123 4567 89')` is `'50100123456789'`.
 */
export function normaliseBankAccountNumber(input: string): string | null {
  const digits = input.replace(/\s/g, '');
  return ACCOUNT_NUMBER.test(digits) ? digits : null;
}

/**
 * A bank account number as shown in lists: only its last four digits.
 *
 * Example: `maskBankAccountNumber('50100123456789')` is `'XXXX6789'`.
 */
export function maskBankAccountNumber(accountNumber: string): string {
  return `XXXX${accountNumber.slice(-4)}`;
}
