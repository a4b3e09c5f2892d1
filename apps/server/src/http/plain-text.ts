import { findUnsafeText, PLAIN_TEXT_KEYWORD } from '@nivesh/contract';

/** The part of Ajv (Fastify's validator) this plugin uses. */
interface KeywordHost {
  addKeyword(definition: {
    keyword: string;
    schemaType: 'boolean';
    errors: boolean;
    validate: (schema: boolean, data: unknown) => boolean;
  }): unknown;
}

// Ajv reads a function keyword's refusals from the function's own `errors` property.
function validatePlainText(_schema: boolean, data: unknown): boolean {
  const found = findUnsafeText(data);
  validatePlainText.errors = found
    ? [{ keyword: PLAIN_TEXT_KEYWORD, instancePath: found.instancePath, message: found.reason, params: {} }]
    : null;
  return !found;
}
validatePlainText.errors = null as null | object[];

/**
 * Teaches the request validator the contract's text rule (`PLAIN_TEXT_KEYWORD` in
 * packages/contract/src/schema.ts): a body holding a NUL character or an unpaired surrogate in any
 * string is a 400 VALIDATION_FAILED naming the field, like any other schema refusal.
 */
export function plainTextKeyword<A extends KeywordHost>(ajv: A): A {
  ajv.addKeyword({
    keyword: PLAIN_TEXT_KEYWORD,
    schemaType: 'boolean',
    errors: true,
    validate: validatePlainText,
  });
  return ajv;
}
