import { parseArgs } from 'node:util';
import { findStaffByUsername } from '../repositories/staff.repository.js';
import { clearTotpAudited } from '../use-cases/staff/reset-staff-totp.js';
import { onMigratedDatabase, openServerDatabase, runCommand } from './open-database.js';

/*
 * `npm run staff:reset-totp -- --username meera --reason "lost phone, identity checked in person"`:
 * clears a staff member's TOTP and ends their sessions, so their next sign-in enrols a new
 * authenticator. For when no other admin can do it in the console (staff/resetTotp), e.g. the only
 * admin lost their phone. Whoever can run this can already read the database; the act is audited
 * as `staff.totp.reset` by the system. With the embedded (PGlite) database, stop the server first.
 */

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { username: { type: 'string' }, reason: { type: 'string' } } });
  const username = values.username?.trim().toLowerCase() ?? '';
  const reason = values.reason?.trim() ?? '';
  if (username === '') throw new Error('--username: the staff member whose TOTP to reset');
  if (reason.length < 3 || reason.length > 500)
    throw new Error('--reason: 3 to 500 characters, kept in the audit log');

  return onMigratedDatabase(await openServerDatabase(), async (db) => {
    const staff = await findStaffByUsername(db, username);
    if (!staff) throw new Error(`There is no staff member named ${username}.`);
    const sessionsRevoked = await db
      .transaction()
      .execute((trx) =>
        clearTotpAudited(trx, { staffId: staff.id, actor: { type: 'system' }, reason, atMs: Date.now() }),
      );
    process.stdout.write(
      `Reset the TOTP of ${username} (id ${staff.id}); ${sessionsRevoked} session(s) ended. ` +
        'Their next sign-in enrols a new authenticator.\n',
    );
    return 0;
  });
}

await runCommand('No TOTP reset', main);
