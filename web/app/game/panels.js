// What surrounds the board: each seat's player, score and clock, whose
// turn it is, and how the game ended.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { formatClock } from "./clock.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").SeatName} SeatName */
/** @typedef {import("../../types/models").PlayerSummary} PlayerSummary */

/** @param {SeatName} seat */
export const seatName = (seat) => (seat === "south" ? t("seat.south") : t("seat.north"));

/** @param {PlayerSummary | null | undefined} player */
export function playerName(player) {
  if (!player) return t("game.openSeat");
  return player.bot ? `${player.name} (${t("game.bot")})` : player.name;
}

/** @param {PlayerSummary | null | undefined} player @returns {VNode | string} */
function playerLink(player) {
  if (!player?.id) return playerName(player);
  return h("a", { attrs: { href: `/players/${encodeURIComponent(player.id)}` } }, playerName(player));
}

/**
 * @typedef {object} SeatBarProps
 * @property {GameView} game
 * @property {SeatName} seat
 * @property {number} score the score on the board shown
 * @property {boolean} toMove
 * @property {number | null} clockMs
 * @property {number | null} [firstMoveMs] time left for the side's first move, which uses no clock
 * @property {boolean} isViewer
 */

/** @param {SeatBarProps} props @returns {VNode} */
export function seatBar(props) {
  const { game, seat } = props;
  const player = game.players[seat];
  return h(
    `div.seat-bar.${seat}`,
    { key: `bar-${seat}`, class: { "to-move": props.toMove }, attrs: { "data-seat": seat } },
    [
      h("span.seat-name", [seatName(seat), props.isViewer ? ` (${t("game.you")})` : ""]),
      h("span.player", [playerLink(player)]),
      h("span.score", [
        h("span.sr-only", t("game.scoreOf", { seat: seatName(seat), score: props.score })),
        h("span.score-label", { attrs: { "aria-hidden": "true" } }, t("game.score")),
        " ",
        h("strong", { attrs: { "aria-hidden": "true" } }, String(props.score)),
      ]),
      props.clockMs !== null
        ? h("span.clock", { class: { running: props.toMove && props.firstMoveMs == null, low: props.clockMs < 20_000 }, attrs: { role: "timer", "aria-label": t("game.clockOf", { seat: seatName(seat) }), "data-clock": seat } }, formatClock(props.clockMs))
        : null,
      props.firstMoveMs != null
        ? h("span.first-move", { class: { low: props.firstMoveMs < 20_000 }, attrs: { "data-first-move": seat } }, t("game.firstMoveWindow", { time: formatClock(props.firstMoveMs) }))
        : null,
      props.toMove ? h("span.turn-mark", { attrs: { "aria-hidden": "true" } }, "●") : null,
    ],
  );
}

/** @param {GameView} game */
export function resultText(game) {
  switch (game.status) {
    case "cancelled":
      return t("result.cancelled");
    case "archived":
      return t("result.archived");
    case "expired":
      return t("result.expired");
    case "aborted":
      return game.abort_reason ? t("result.abortedBecause", { reason: abortReason(game.abort_reason) }) : t("result.aborted");
  }
  const result = game.result;
  if (!result) return "";
  const reason = endReason(result.reason);
  const scores = `${result.scores.south} – ${result.scores.north}`;
  if (result.winner === "draw") return t("result.draw", { reason, scores });
  const seat = /** @type {SeatName} */ (result.winner);
  return t("result.win", { seat: seatName(seat), player: playerName(game.players[seat]), reason, scores });
}

/** @param {string} reason */
export function endReason(reason) {
  switch (reason) {
    case "mandarins_captured":
      return t("reason.mandarins_captured");
    case "max_plies":
      return t("reason.max_plies");
    case "forfeit":
      return t("reason.forfeit");
    case "resignation":
      return t("reason.resignation");
    case "timeout":
      return t("reason.timeout");
    default:
      return reason;
  }
}

/** @param {string} reason */
function abortReason(reason) {
  switch (reason) {
    case "requested":
      return t("abort.requested");
    case "no_first_move":
      return t("abort.no_first_move");
    case "too_short":
      return t("abort.too_short");
    case "timeout":
      return t("abort.timeout");
    case "resignation":
      return t("abort.resignation");
    default:
      return reason;
  }
}

/**
 * The line saying what is happening, in words.
 * @param {GameView} game
 * @param {string} status the status of the position shown
 * @param {SeatName} toMove
 * @param {SeatName | null} viewer
 */
export function statusText(game, status, toMove, viewer) {
  if (status === "waiting") return t("game.waiting");
  if (status === "active") {
    if (viewer === toMove) return t("game.yourTurn");
    return t("game.toMove", { seat: seatName(toMove), player: playerName(game.players[toMove]) });
  }
  return resultText(game);
}
