// Clocks: the server sends each side's time as of the game's
// last change and, for the side to move, the `deadline` when its flag
// falls. The page ticks locally: remaining = deadline − now, with `now`
// corrected by the server's `Date` header when the two clocks disagree.

/** @typedef {import("../../types/models").ClockView} ClockView */
/** @typedef {import("../../types/models").TimeControl} TimeControl */

/** Below this the `Date` header's one-second resolution is all we'd see. */
const TRUSTED_SKEW_MS = 2000;

/**
 * The server's clock minus ours, from a response's `Date` header.
 * @param {string | null} dateHeader
 * @param {number} receivedAt our `Date.now()` when it arrived
 */
export function serverOffset(dateHeader, receivedAt) {
  if (!dateHeader) return 0;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return 0;
  const offset = server - receivedAt;
  return Math.abs(offset) > TRUSTED_SKEW_MS ? offset : 0;
}

/**
 * Each side's remaining time now.
 * @param {ClockView} clock
 * @param {number} now our `Date.now()`
 * @param {number} offset from `serverOffset`
 */
export function remaining(clock, now, offset) {
  const readings = { south: clock.south_ms, north: clock.north_ms };
  if (clock.running && clock.deadline) {
    readings[clock.running] = Math.max(0, Date.parse(clock.deadline) - (now + offset));
  }
  return readings;
}

/** @param {number} ms */
export function formatClock(ms) {
  const total = Math.max(0, ms);
  const days = Math.floor(total / 86_400_000);
  const hours = Math.floor(total / 3_600_000) % 24;
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  if (total < 10_000) return `${minutes}:${pad(seconds)}.${Math.floor(total / 100) % 10}`;
  return `${minutes}:${pad(seconds)}`;
}

/** @param {TimeControl | null | undefined} control */
export function describeTimeControl(control) {
  if (!control) return null;
  if ("days_per_move" in control) return `${control.days_per_move}d`;
  return `${Math.round(control.initial_s / 60)}+${control.increment_s}`;
}
