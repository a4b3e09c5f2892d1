import os from 'node:os';

/** The machine's CPU time so far, all cores, busy and idle, in ms (os.cpus(): every process on it). */
export function machineCpuTimes() {
  let busyMs = 0;
  let idleMs = 0;
  for (const { times } of os.cpus()) {
    busyMs += times.user + times.nice + times.sys + times.irq;
    idleMs += times.idle;
  }
  return { busyMs, idleMs };
}

/** What the machine's cores spent since `before`: busy core-milliseconds and the busy share in percent. */
export function machineCpuSince(before: ReturnType<typeof machineCpuTimes>) {
  const after = machineCpuTimes();
  const busyMs = after.busyMs - before.busyMs;
  const idleMs = after.idleMs - before.idleMs;
  return { busyMs, busyPercent: busyMs + idleMs > 0 ? (100 * busyMs) / (busyMs + idleMs) : 0 };
}
