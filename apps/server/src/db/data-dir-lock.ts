import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'nivesh-server.pid';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a PGlite data folder for this process. PGlite does not lock its folder, and two processes
 * writing one folder corrupt it, so a second server on the same folder is refused. A lock left by a
 * process that no longer runs (a crash, a kill -9) is taken over. Answers the release function.
 */
export function claimDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  let holder: number | undefined;
  try {
    holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
  } catch {
    holder = undefined;
  }
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder}. Stop that server first, ` +
        'use another NIVESH_DATA_DIR, or run several servers on PostgreSQL (DATABASE_URL).',
    );
  }
  writeFileSync(lockPath, String(process.pid));
  return () => rmSync(lockPath, { force: true });
}
