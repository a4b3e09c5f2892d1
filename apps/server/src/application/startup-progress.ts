/**
 * What a starting process is still doing. A first start makes the simulator's price history
 * (about a minute on two cores); the server answers pages and sign-ins meanwhile, and
 * `GET /api/health` says "starting" with this step and percentage until the market runs, so load
 * balancers, journeys and the investor app's banner wait for the same signal.
 */
export interface StartupState {
  ready: boolean;
  /** What is being done, e.g. `market history`; empty once ready. */
  step: string;
  /** 0 to 100 within the step. */
  percent: number;
}

export class StartupProgress {
  #state: StartupState = { ready: true, step: '', percent: 100 };

  get state(): StartupState {
    return this.#state;
  }

  begin(step: string): void {
    this.#state = { ready: false, step, percent: 0 };
  }

  /** Progress within the current step, as `done` of `total` units (symbols, files). */
  advance(done: number, total: number): void {
    if (this.#state.ready) return;
    const percent = total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 100;
    this.#state = { ...this.#state, percent };
  }

  finish(): void {
    this.#state = { ready: true, step: '', percent: 100 };
  }
}
