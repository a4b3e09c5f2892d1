import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * A passkey counts as the investor's second factor (docs/adr/0028-passkeys.md), which cached
 * sessions hold (docs/adr/0030-admission-control-and-session-cache.md): adding or removing one
 * notifies `nivesh_session_change`, as a change of the TOTP factor does (migration 0046).
 */
export const passkeySessionNotices: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TRIGGER user_passkeys_change_notice AFTER INSERT OR DELETE ON user_passkeys
         FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
    ]);
  },
};
