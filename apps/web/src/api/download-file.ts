import type { BodyOf, downloadContractNote, statementCsv, taxPnlCsv } from '@nivesh/contract';
import { detectLanguage } from '../i18n/language';
import { readAccount, readToken } from '../lib/session';
import { API_BASE } from './client';

/** The calls that answer a file rather than the envelope. */
export type FileCall =
  | { path: 'contractNote/pdf'; body: BodyOf<typeof downloadContractNote> }
  | { path: 'portfolio/taxPnlCsv'; body: BodyOf<typeof taxPnlCsv> }
  | { path: 'user/statementCsv'; body: BodyOf<typeof statementCsv> };

/**
 * Fetches a file call with the session's headers and saves it under `fileName` through an object
 * URL. False when the server answered anything else (a refusal comes back as the JSON envelope).
 */
export async function downloadFile(file: FileCall, fileName: string, contentType: string): Promise<boolean> {
  const response = await fetch(`${API_BASE}${file.path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      token: readToken(),
      account: readAccount(),
      lang: detectLanguage(),
    },
    body: JSON.stringify(file.body),
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes(contentType)) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
