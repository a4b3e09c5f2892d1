import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Server processes keep investors' sessions in memory (docs/adr/0030-admission-control-and-session-cache.md).
 * Whatever an authenticated call reads about its investor (the session's revocation, the phone,
 * the password, KYC and day-trading status, the flags, the second factor) notifies the channel
 * `nivesh_session_change` with the user's id when it changes, at commit, whichever process, job or
 * tool changed it: every process LISTENs and forgets that investor's cached sessions. The
 * `last_seen_at` touch does not notify (it changes nothing a call checks beyond what the cache
 * already holds).
 */
export const sessionChangeNotices: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE
         changed_user bigint;
       BEGIN
         IF TG_TABLE_NAME = 'users' THEN
           changed_user := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
         ELSE
           changed_user := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
         END IF;
         PERFORM pg_notify('nivesh_session_change', changed_user::text);
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER sessions_change_notice AFTER UPDATE OF revoked_at, expires_at OR DELETE ON sessions
         FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
      `CREATE TRIGGER users_change_notice
         AFTER UPDATE OF phone, password_hash, kyc_status, day_trading_status OR DELETE ON users
         FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
      `CREATE TRIGGER user_flags_change_notice AFTER INSERT OR UPDATE OR DELETE ON user_flags
         FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
      `CREATE TRIGGER user_second_factors_change_notice
         AFTER INSERT OR UPDATE OF enabled_at OR DELETE ON user_second_factors
         FOR EACH ROW EXECUTE FUNCTION notify_session_change()`,
    ]);
  },
};
