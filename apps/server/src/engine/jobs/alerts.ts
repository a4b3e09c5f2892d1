import type { AppDeps } from '../../application/context.js';
import { runAlertChecks } from '../../use-cases/alerts/run-alert-checks.js';

/** How often the leader checks the alert conditions and makes due deliveries. */
export const ALERT_CHECK_INTERVAL_MS = 15_000;

/**
 * Alerts (docs/adr/0033): every ALERT_CHECK_INTERVAL_MS of the sweep, and at engine start. One run
 * at a time; a failed run is tried again at the next interval.
 */
export class AlertsJob {
  private lastRunAtMs = Number.NEGATIVE_INFINITY;

  async run(deps: AppDeps, nowMs: number): Promise<void> {
    if (nowMs - this.lastRunAtMs < ALERT_CHECK_INTERVAL_MS) return;
    this.lastRunAtMs = nowMs;
    const { raised, cleared } = await runAlertChecks(deps, nowMs);
    if (raised.length > 0 || cleared.length > 0) deps.log.info({ raised, cleared }, 'alerts changed');
  }
}
