/**
 * Business constants from the product spec (section 9) that the front end applies.
 * Server-supplied limits (deposit and withdrawal minimums, windows) are never hard-coded here.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_MS = 2_000;
export const REDIRECT_AFTER_UNAUTHORIZED_MS = 2_000;
export const REDIRECT_AFTER_LOGOUT_MS = 1_000;
export const BACK_EXIT_WINDOW_MS = 1_000;
export const KLINE_POINTS_USED = 100;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

/** Pull to refresh: head height in px and how long the "done" state stays. */
export const PULL_HEAD_HEIGHT_PX = 50;
export const PULL_COMPLETE_DELAY_MS = 500;
/** A list loads its next page when the user is within this many px of its end. */
export const LOAD_MORE_THRESHOLD_PX = 300;

/** Stepper: holding a button repeats after this delay, then at this interval. */
export const LONG_PRESS_DELAY_MS = 600;
export const LONG_PRESS_REPEAT_MS = 200;

/** Children under this age need a legal representative to open an account. */
export const MINOR_AGE_LIMIT_YEARS = 14;

export const LOGIN_PATH = '/login/login';
export const HOME_PATH = '/home/index';
