/**
 * Matching a bank statement against what the broker expects (docs/adr/0032-bank-statement-matching.md):
 * credits against investors' pending deposits, debits against exported payouts. Pure: the server
 * reads the rows, this decides the pairs, staff approve them.
 */

/** A statement line as matching needs it. */
export interface StatementLineForMatch {
  lineId: string;
  narration: string;
  reference: string;
  /** The credit for deposit matching, the debit for payout matching; paise. */
  amountMinor: bigint;
}

export interface PendingDepositForMatch {
  depositId: string;
  /** The UTR the investor reported. */
  payerReference: string;
  amountMinor: bigint;
}

const normaliseToken = (token: string) => token.toUpperCase().replace(/^0+(?=[0-9A-Z])/, '');

/** The words of a line's reference and narration, upper case, leading zeros dropped. */
function tokensOf(line: Pick<StatementLineForMatch, 'narration' | 'reference'>): Set<string> {
  const words = `${line.reference} ${line.narration}`.split(/[^0-9A-Za-z]+/).filter((word) => word !== '');
  return new Set(words.map(normaliseToken));
}

/**
 * Whether a statement line names a reference (a UTR, a payment reference): as its reference cell or
 * as a whole word of its narration, ignoring case and leading zeros (banks pad a 12-digit UPI UTR to
 * 16 digits). A reference inside a longer word does not count.
 *
 * Example: the line `{ reference: '0000412345678901', narration: 'UPI/ASHA' }` names `'412345678901'`;
 * `{ reference: '', narration: 'NEFT-X412345678901' }` does not.
 */
export function lineNamesReference(
  line: Pick<StatementLineForMatch, 'narration' | 'reference'>,
  reference: string,
): boolean {
  const wanted = normaliseToken(reference.trim());
  return wanted !== '' && tokensOf(line).has(wanted);
}

export interface DepositMatching {
  /** The line names the deposit's UTR, no other line or deposit shares it, and the amounts are equal. */
  matched: { lineId: string; depositId: string }[];
  /** The line names the deposit's UTR but the amounts differ: never approved from the statement. */
  amountMismatches: { lineId: string; depositId: string; lineMinor: bigint; depositMinor: bigint }[];
  /** A UTR named by several lines, or a line naming several deposits' UTRs: staff decide by hand. */
  ambiguous: { lineIds: string[]; depositIds: string[] }[];
  /** A line left over whose amount equals pending deposits': shown as a hint, never matched. */
  amountCandidates: { lineId: string; depositIds: string[] }[];
  unmatchedLineIds: string[];
  unmatchedDepositIds: string[];
}

/**
 * Matches statement credits to pending deposits by UTR and exact amount in paise. A line is matched
 * to a deposit only when the line names the deposit's UTR, no other line names it, the line names no
 * other pending deposit's UTR, and the amounts are equal to the paisa. Amount-only agreement is
 * listed as a candidate and never matched: two investors paying ₹10,000.00 on one day is ordinary.
 *
 * Example: a credit of `1250000n` naming UTR `412345678901` and a pending deposit of `1250000n` with
 * that UTR are matched; the same line against a deposit of `1250100n` is an amount mismatch.
 */
export function matchStatementCredits(
  credits: readonly StatementLineForMatch[],
  deposits: readonly PendingDepositForMatch[],
): DepositMatching {
  const result: DepositMatching = {
    matched: [],
    amountMismatches: [],
    ambiguous: [],
    amountCandidates: [],
    unmatchedLineIds: [],
    unmatchedDepositIds: [],
  };
  const linesNaming = new Map<string, StatementLineForMatch[]>();
  const depositsNamedBy = new Map<string, PendingDepositForMatch[]>();
  for (const deposit of deposits) {
    const naming = credits.filter((line) => lineNamesReference(line, deposit.payerReference));
    linesNaming.set(deposit.depositId, naming);
    for (const line of naming)
      depositsNamedBy.set(line.lineId, [...(depositsNamedBy.get(line.lineId) ?? []), deposit]);
  }
  const usedLines = new Set<string>();
  const usedDeposits = new Set<string>();
  const ambiguousSeen = new Set<string>();
  for (const deposit of deposits) {
    const naming = linesNaming.get(deposit.depositId)!;
    if (naming.length === 0) continue;
    const sharing = naming.flatMap((line) => depositsNamedBy.get(line.lineId)!);
    const depositIds = [...new Set(sharing.map((other) => other.depositId))];
    if (naming.length > 1 || depositIds.length > 1) {
      const key = `${naming.map((line) => line.lineId).join(',')}|${depositIds.join(',')}`;
      if (!ambiguousSeen.has(key)) {
        ambiguousSeen.add(key);
        result.ambiguous.push({ lineIds: naming.map((line) => line.lineId), depositIds });
      }
      for (const line of naming) usedLines.add(line.lineId);
      usedDeposits.add(deposit.depositId);
      continue;
    }
    const line = naming[0]!;
    usedLines.add(line.lineId);
    usedDeposits.add(deposit.depositId);
    if (line.amountMinor === deposit.amountMinor) {
      result.matched.push({ lineId: line.lineId, depositId: deposit.depositId });
    } else {
      result.amountMismatches.push({
        lineId: line.lineId,
        depositId: deposit.depositId,
        lineMinor: line.amountMinor,
        depositMinor: deposit.amountMinor,
      });
    }
  }
  const leftDeposits = deposits.filter((deposit) => !usedDeposits.has(deposit.depositId));
  for (const line of credits) {
    if (usedLines.has(line.lineId)) continue;
    result.unmatchedLineIds.push(line.lineId);
    const sameAmount = leftDeposits.filter((deposit) => deposit.amountMinor === line.amountMinor);
    if (sameAmount.length > 0) {
      result.amountCandidates.push({
        lineId: line.lineId,
        depositIds: sameAmount.map((deposit) => deposit.depositId),
      });
    }
  }
  result.unmatchedDepositIds = leftDeposits.map((deposit) => deposit.depositId);
  return result;
}

/** A payout the broker exported in a bulk payment file and has not recorded as paid. */
export interface ExportedPayoutForMatch {
  withdrawalId: string;
  /** `NVW<id>`, which the bank echoes in the debit's narration. */
  paymentReference: string;
  /** What was sent: the withdrawal's amount less its fee. */
  amountMinor: bigint;
}

export interface PayoutMatching {
  /** The debit names the payout's payment reference, the amounts are equal, and the reference cell holds the UTR. */
  paid: { lineId: string; withdrawalId: string; utr: string }[];
  amountMismatches: { lineId: string; withdrawalId: string; lineMinor: bigint; payoutMinor: bigint }[];
  /** The debit names the payout but its reference cell holds no UTR of its own. */
  missingUtr: { lineId: string; withdrawalId: string }[];
  /** A payment reference named by several debits: paid twice, or a wrong export. */
  ambiguous: { lineIds: string[]; withdrawalId: string }[];
  unmatchedLineIds: string[];
  unmatchedWithdrawalIds: string[];
}

/**
 * Matches statement debits to exported payouts by the payment reference in the narration and the
 * exact amount; the payout's UTR is the debit's reference cell (the bank's transfer reference).
 *
 * Example: the debit `{ narration: 'NEFT DR-HDFC0001234-ASHA VERMA-NVW7', reference: 'HDFCN26040512345',
 * amountMinor: 1249000n }` pays the export `{ withdrawalId: '7', paymentReference: 'NVW7',
 * amountMinor: 1249000n }` with UTR `HDFCN26040512345`.
 */
export function matchStatementDebits(
  debits: readonly StatementLineForMatch[],
  payouts: readonly ExportedPayoutForMatch[],
): PayoutMatching {
  const result: PayoutMatching = {
    paid: [],
    amountMismatches: [],
    missingUtr: [],
    ambiguous: [],
    unmatchedLineIds: [],
    unmatchedWithdrawalIds: [],
  };
  const usedLines = new Set<string>();
  for (const payout of payouts) {
    const naming = debits.filter((line) => lineNamesReference(line, payout.paymentReference));
    if (naming.length === 0) {
      result.unmatchedWithdrawalIds.push(payout.withdrawalId);
      continue;
    }
    for (const line of naming) usedLines.add(line.lineId);
    if (naming.length > 1) {
      result.ambiguous.push({
        lineIds: naming.map((line) => line.lineId),
        withdrawalId: payout.withdrawalId,
      });
      continue;
    }
    const line = naming[0]!;
    const utr = line.reference.trim();
    if (line.amountMinor !== payout.amountMinor) {
      result.amountMismatches.push({
        lineId: line.lineId,
        withdrawalId: payout.withdrawalId,
        lineMinor: line.amountMinor,
        payoutMinor: payout.amountMinor,
      });
    } else if (utr === '' || normaliseToken(utr) === normaliseToken(payout.paymentReference)) {
      result.missingUtr.push({ lineId: line.lineId, withdrawalId: payout.withdrawalId });
    } else {
      result.paid.push({ lineId: line.lineId, withdrawalId: payout.withdrawalId, utr });
    }
  }
  result.unmatchedLineIds = debits.filter((line) => !usedLines.has(line.lineId)).map((line) => line.lineId);
  return result;
}
