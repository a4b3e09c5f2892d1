/**
 * Asserts a condition that must hold unless the program itself is wrong. It throws a plain Error,
 * never a business refusal: a failed invariant is a defect to fix, not a message for a user.
 */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantError(message);
}

export class InvariantError extends Error {
  override name = 'InvariantError';
}
