// The game page's controls and facts beside the board: animation speed,
// the players' actions, the move list, the rules in force.

import { SPEEDS } from "../board/animator.js";
import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { session } from "../core/session.js";
import { describeTimeControl } from "./clock.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../core/i18n.js").MessageKey} MessageKey */
/** @typedef {import("../board/animator.js").Animator} Animator */
/** @typedef {import("../board/animator.js").Speed} Speed */
/** @typedef {import("../../types/models").GameView} GameView */
/** @typedef {import("../../types/models").MoveView} MoveView */
/** @typedef {import("../../types/models").SeatName} SeatName */
/** @typedef {"join" | "resign" | "cancel" | "abort"} Action */

/**
 * @param {Animator} animator
 * @param {(() => void) | null} onFlip the board-turning button, for watchers
 */
export function animationControls(animator, onFlip) {
  return h("div.animation-controls", [
    h("label", [
      t("game.speed"),
      " ",
      h(
        "select",
        {
          attrs: { name: "speed" },
          on: { change: (/** @type {Event} */ e) => animator.setSpeed(/** @type {Speed} */ (/** @type {HTMLSelectElement} */ (e.target).value)) },
        },
        Object.keys(SPEEDS).map((speed) =>
          h("option", { attrs: { value: speed }, props: { selected: animator.speed === speed } }, t(/** @type {MessageKey} */ (`speed.${speed}`))),
        ),
      ),
    ]),
    " ",
    h("button", { attrs: { type: "button", disabled: !animator.busy, "data-skip": "true" }, on: { click: () => animator.skip() } }, t("game.skip")),
    " ",
    onFlip ? h("button", { attrs: { type: "button" }, on: { click: onFlip } }, t("game.flip")) : null,
  ]);
}

/**
 * @typedef {object} ActionsProps
 * @property {GameView} game
 * @property {SeatName | null} viewer
 * @property {string} status the status of the board shown
 * @property {boolean} pending a request is under way
 * @property {"resign" | "abort" | null} confirming
 * @property {boolean} canAbort
 * @property {(action: Action) => void} onAct
 * @property {(action: "resign" | "abort" | null) => void} onConfirm
 */

/** Join, cancel, resign, abort: whichever the viewer may do now. @param {ActionsProps} props */
export function actionsView(props) {
  const { game, viewer, status } = props;
  const me = session.me;
  /** @type {VNode[]} */
  const items = [];
  /** @param {string} label @param {() => void} onClick @param {string} [kind] */
  const button = (label, onClick, kind = "") =>
    h(`button${kind}`, { attrs: { type: "button", disabled: props.pending }, on: { click: onClick } }, label);

  if (status === "waiting") {
    const reserved = game.reserved_for;
    if (me && game.created_by === me.id) {
      const link = location.origin + location.pathname;
      items.push(
        h("p", t("game.shareToPlay")),
        h("p.share-url", { attrs: { "data-share-url": link } }, link),
        h("button", {
          attrs: { type: "button", "data-copy-link": "true" },
          on: {
            click: (/** @type {MouseEvent} */ e) => {
              const button = /** @type {HTMLButtonElement} */ (e.currentTarget);
              navigator.clipboard?.writeText(link).then(() => {
                button.textContent = t("game.linkCopied");
              }, () => {});
            },
          },
        }, t("game.copyLink")),
      );
      items.push(button(t("game.cancel"), () => props.onAct("cancel")));
    } else if (me && !viewer && (!reserved || reserved.id === me.id)) {
      items.push(button(t("game.join"), () => props.onAct("join"), ".primary"));
    } else if (!me) {
      items.push(h("p", [t("game.signInToJoin"), " ", h("a", { attrs: { href: "/" } }, t("nav.lobby"))]));
    } else if (reserved && reserved.id !== me.id) {
      items.push(h("p", t("game.reservedFor", { name: reserved.name })));
    }
  }
  if (status === "active" && viewer) {
    const action = props.confirming;
    if (action) {
      items.push(
        h("p", action === "resign" ? t("game.confirmResign") : t("game.confirmAbort")),
        button(action === "resign" ? t("game.yesResign") : t("game.yesAbort"), () => props.onAct(action), ".danger"),
        button(t("common.no"), () => props.onConfirm(null)),
      );
    } else {
      items.push(button(t("game.resign"), () => props.onConfirm("resign")));
      if (props.canAbort) items.push(button(t("game.abort"), () => props.onConfirm("abort")));
    }
  }
  return items.length ? h("div.actions", items) : null;
}

/** Either player may abort while each side has under two moves. @param {MoveView[]} moves */
export function abortAllowed(moves) {
  const count = { south: 0, north: 0 };
  for (const move of moves) count[move.seat] += 1;
  return count.south < 2 && count.north < 2;
}

/**
 * The moves in notation, numbered in pairs as the text record does (number
 * n before ply 2n − 1; a record starting on an even ply begins "n…"). With
 * `onGo`, each move is a button that shows the position after it.
 * @param {MoveView[]} moves
 * @param {{ current?: number, onGo?: (index: number) => void }} [options] `current`: the index of the position shown
 */
export function moveList(moves, options = {}) {
  const items = moves.map((move, i) => {
    const number = Math.ceil(move.ply / 2);
    const label = move.ply % 2 === 1 ? `${number}.` : i === 0 ? `${number}…` : "";
    const onGo = options.onGo;
    const current = options.current === i + 1;
    const text = onGo
      ? h(
          "button.move-link",
          {
            attrs: {
              type: "button",
              "data-list-ply": String(move.ply),
              "aria-current": current ? "step" : "false",
              "aria-label": t("replay.goToMove", { ply: move.ply, move: move.notation }),
            },
            class: { current },
            on: { click: () => onGo(i + 1) },
          },
          move.notation,
        )
      : h("span.move-text", move.notation);
    return h("li", { key: `m${move.ply}` }, [label ? h("span.move-number", label) : null, text]);
  });
  return h("div.move-list-wrap", [
    h("h2.sr-only", t("replay.moves")),
    h("ol.move-list", { attrs: { "aria-label": t("replay.moves") } }, items),
  ]);
}

/** The rules, rating and clock of the game. @param {GameView} game */
export function infoView(game) {
  const preset = game.rules.preset;
  const control = describeTimeControl(game.time_control);
  return h("dl.game-info", [
    h("dt", t("game.rules")),
    h("dd", [
      preset ? t(/** @type {MessageKey} */ (`preset.${preset}`)) : t("preset.custom"),
      " · ",
      h("a", { attrs: { href: `/how-to-play${preset ? `?preset=${preset}` : ""}` } }, t("nav.howTo")),
    ]),
    h("dt", t("game.rating")),
    h("dd", game.rated ? t("game.rated") : t("game.unrated")),
    control ? h("dt", t("game.timeControl")) : null,
    control ? h("dd", control) : null,
    game.imported ? h("dt", t("game.origin")) : null,
    game.imported ? h("dd", t("game.imported")) : null,
  ]);
}
