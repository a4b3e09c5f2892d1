import { parseArgs } from 'node:util';
import type { StaffRole } from '../db/schema.js';
import { appendAudit } from '../repositories/audit.repository.js';
import { createStaffUser } from '../use-cases/staff/staff-sign-in.js';
import { onMigratedDatabase, openServerDatabase, runCommand } from './open-database.js';

/*
 * `npm run staff:create -- --username meera --name "Meera Iyer" --roles compliance`: adds a staff
 * member to the database the server uses (there is no console call for it: staff accounts are made
 * by whoever runs the server). The password comes from NIVESH_STAFF_PASSWORD, never the command
 * line (it would show in the process list). TOTP is enrolled at the first sign-in, as for everyone.
 * An embedded (PGlite) database must not be open in the server while this runs.
 */

const ROLES: readonly StaffRole[] = ['admin', 'finance', 'compliance', 'support', 'content'];

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      roles: { type: 'string' },
    },
  });
  const username = values.username?.trim().toLowerCase() ?? '';
  const roles = (values.roles ?? '').split(',').map((role) => role.trim()) as StaffRole[];
  const password = process.env.NIVESH_STAFF_PASSWORD ?? '';
  if (!/^[a-z0-9._-]{3,40}$/.test(username)) throw new Error('--username: 3 to 40 of a-z 0-9 . _ -');
  if (roles.length === 0 || roles.some((role) => !ROLES.includes(role)))
    throw new Error(`--roles: a comma-separated list of ${ROLES.join(', ')}`);
  if (password.length < 10 || !/[A-Za-z]/.test(password) || !/[0-9]/.test(password))
    throw new Error('NIVESH_STAFF_PASSWORD: at least 10 characters with a letter and a digit');

  return onMigratedDatabase(await openServerDatabase(), async (db) => {
    const existing = await db
      .selectFrom('staff_users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (existing) throw new Error(`A staff member named ${username} exists already (id ${existing.id}).`);
    const id = await createStaffUser(
      { db: db },
      { username, displayName: values.name?.trim() || username, password, roles },
    );
    await appendAudit(db, {
      actor: { type: 'system' },
      action: 'staff.create',
      target: { type: 'staff', id },
      after: { username, roles },
    });
    process.stdout.write(`Created staff member ${username} (id ${id}) with roles ${roles.join(', ')}.\n`);
    return 0;
  });
}

await runCommand('No staff member created', main);
