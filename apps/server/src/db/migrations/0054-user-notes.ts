import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Notes staff add on an investor's page (docs/adr/0029-staff-administration-and-customer-view.md):
 * who wrote what and when. A note is never edited or deleted (a correction is a new note), so the
 * table refuses UPDATE and DELETE, like the audit log.
 */
export const userNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE user_notes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id),
        staff_id bigint NOT NULL REFERENCES staff_users (id),
        note text NOT NULL CHECK (length(btrim(note)) > 0 AND length(note) <= 2000),
        created_at timestamptz NOT NULL
      )`,
      'CREATE INDEX user_notes_user_idx ON user_notes (user_id, id DESC)',
      `CREATE FUNCTION refuse_user_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'user notes are never changed or removed; add a new note'
           USING ERRCODE = 'check_violation';
       END $$`,
      `CREATE TRIGGER user_notes_append_only BEFORE UPDATE OR DELETE ON user_notes
         FOR EACH ROW EXECUTE FUNCTION refuse_user_note_change()`,
    ]);
  },
};
