// The board as people draw it: two rows of five citizen squares between
// the two half-moon mandarin squares, the viewer's row at the bottom, the
// stores beside their owners' rows, and the viewer's move controls under
// their squares.
//
// DOM contract (docs/TESTING.md): each square carries `data-square`,
// `data-stones` and `data-mandarin`; each store `data-store`, `data-stones`
// and `data-mandarins`; each move control `data-move`. They describe the
// *settled* position: while a move is animated they keep the position
// before it, and all change together when the animation ends. While a
// move control is focused or hovered, the squares it would sow into carry
// `data-preview="path"` and those it would capture `data-preview="capture"`.

import { h } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { icon } from "../core/icons.js";
import { isMandarinSquare, ownNumber, ownerOf, rowOf } from "./position.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("./position.js").Position} Position */
/** @typedef {import("../../types/models").SeatName} SeatName */

/** Up to this many stones are drawn one by one; above, a heap. */
const DRAWN_STONES = 12;

/**
 * @typedef {object} BoardProps
 * @property {Position} display what the eye sees (an animation frame)
 * @property {Position} settled what the data attributes say
 * @property {SeatName} bottom the seat whose row is drawn at the bottom
 * @property {number[]} focus squares an animation acts on now
 * @property {number} hand stones in hand during an animation
 * @property {{ origin: number | null, captured: number[], notation: string } | null} lastMove
 * @property {{ seat: SeatName, legal: Set<string>, selected: number | null,
 *   onSelect: (own: number) => void, onMove: (move: string) => void, refocus?: string | null,
 *   onPreview?: (move: string | null) => void, captures?: Map<string, number> } | null} controls
 *   the viewer's controls, when the viewer sits at the bottom; `refocus`: the
 *   control last played, whose group keeps the focus until the viewer may move again
 * @property {string} [label] the board's accessible name
 * @property {import("./preview.js").Preview | null} [preview] what the move being chosen would do
 */

/** @param {number} square */
function squareName(square) {
  if (square === 0) return t("board.mandarin.west");
  if (square === 6) return t("board.mandarin.east");
  const owner = ownerOf(square) === "south" ? t("seat.south") : t("seat.north");
  return t("board.square", { owner, own: ownNumber(square) });
}

/** @param {Position} position @param {number} square */
export function squareLabel(position, square) {
  const stones = tn("board.stones", position.stones[square]);
  if (!isMandarinSquare(square)) return `${squareName(square)}: ${stones}`;
  const mandarin = position.mandarin[square] ? t("board.withMandarin") : t("board.noMandarin");
  return `${squareName(square)}: ${mandarin}, ${stones}`;
}

/** @param {number} count @param {string} key */
function stonesDrawing(count, key) {
  const dots = [];
  for (let i = 0; i < Math.min(count, DRAWN_STONES); i++) dots.push(h("span.stone", { key: `${key}-${i}` }));
  return h("span.stones", { attrs: { "aria-hidden": "true" }, class: { heap: count > DRAWN_STONES } }, dots);
}

/**
 * @param {BoardProps} props
 * @param {number} square
 * @param {string} place grid placement class
 */
function squareView(props, square, place) {
  const { display, settled } = props;
  const mandarinSquare = isMandarinSquare(square);
  const count = display.stones[square];
  const focused = props.focus.includes(square);
  const last = props.lastMove;
  const selected = props.controls?.selected != null && props.controls.seat === ownerOf(square) &&
    ownNumber(square) === props.controls.selected;
  const preview = props.preview
    ? props.preview.captured.includes(square) ? "capture" : props.preview.sown.includes(square) ? "path" : null
    : null;
  return h(
    `div.square.${place}`,
    {
      key: `sq${square}`,
      class: {
        mandarin: mandarinSquare,
        focus: focused,
        "last-origin": last?.origin === square,
        "last-captured": Boolean(last?.captured.includes(square)),
        selected,
        "preview-path": preview === "path",
        "preview-capture": preview === "capture",
      },
      attrs: {
        "data-square": String(square),
        "data-preview": preview ?? "",
        "data-stones": String(settled.stones[square]),
        "data-mandarin": String(settled.mandarin[square]),
        role: "img",
        "aria-label": squareLabel(settled, square),
      },
      on: props.controls && ownerOf(square) === props.controls.seat
        ? swipeHandlers(props.controls, ownNumber(square))
        : {},
    },
    [
      display.mandarin[square] ? h("span.mandarin-stone", { attrs: { "aria-hidden": "true" } }) : null,
      stonesDrawing(count, `s${square}`),
      h("span.count", { attrs: { "aria-hidden": "true" } }, String(count)),
      focused && props.hand > 0 ? h("span.hand", { attrs: { "aria-hidden": "true", title: t("board.inHand") } }, String(props.hand)) : null,
      !mandarinSquare ? h("span.own", { attrs: { "aria-hidden": "true" } }, String(ownNumber(square))) : null,
    ],
  );
}

/** A swipe this long (px), mostly sideways, on one of the viewer's squares plays it. */
const SWIPE_PX = 30;

/**
 * Where the swipe under way started. Outside the handlers: the preview it
 * shows renders the board again, and each render makes new handlers.
 * @type {{ own: number, x: number, y: number } | null}
 */
let swipeStart = null;

/**
 * Tap a square of yours to choose it; on a touch screen, swipe it left or
 * right to play it that way (the viewer's row is at the bottom, so the
 * screen's left is the mover's left). While the finger is on its way the
 * move is previewed; lifting it back near where it started plays nothing.
 * @param {NonNullable<BoardProps["controls"]>} controls
 * @param {number} own
 */
function swipeHandlers(controls, own) {
  /** The move a swipe from its start to `e` means, if any. @param {PointerEvent} e */
  const swiped = (e) => {
    const start = swipeStart;
    if (!start || start.own !== own) return null;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return null;
    const move = `${own}${dx < 0 ? "L" : "R"}`;
    return controls.legal.has(move) ? move : null;
  };
  return {
    click: () => controls.onSelect(own),
    pointerdown: (/** @type {PointerEvent} */ e) => {
      swipeStart = e.pointerType === "mouse" ? null : { own, x: e.clientX, y: e.clientY };
    },
    pointermove: (/** @type {PointerEvent} */ e) => {
      if (swipeStart?.own === own) controls.onPreview?.(swiped(e));
    },
    pointerup: (/** @type {PointerEvent} */ e) => {
      const move = swiped(e);
      swipeStart = null;
      controls.onPreview?.(null);
      if (move) {
        e.preventDefault();
        controls.onMove(move);
      }
    },
    pointercancel: () => {
      swipeStart = null;
      controls.onPreview?.(null);
    },
  };
}

/** @param {BoardProps} props @param {SeatName} seat @param {string} place */
function storeView(props, seat, place) {
  const shown = props.display.stores[seat];
  const settled = props.settled.stores[seat];
  const label = t("board.store", {
    seat: seat === "south" ? t("seat.south") : t("seat.north"),
    stones: tn("board.stones", settled.small),
    mandarins: tn("board.mandarins", settled.mandarins),
  });
  return h(
    `div.store.${place}`,
    {
      key: `store-${seat}`,
      attrs: {
        "data-store": seat,
        "data-stones": String(settled.small),
        "data-mandarins": String(settled.mandarins),
        role: "img",
        "aria-label": label,
      },
    },
    [
      h("span.store-name", { attrs: { "aria-hidden": "true" } }, t("board.storeShort")),
      ...Array.from({ length: shown.mandarins }, (_, i) => h("span.mandarin-stone", { key: `m${i}`, attrs: { "aria-hidden": "true" } })),
      stonesDrawing(Math.max(shown.small, 0), `store-${seat}`),
      h("span.count", { attrs: { "aria-hidden": "true" } }, shown.mandarins ? `${shown.small} + ${tn("board.mandarins", shown.mandarins)}` : String(shown.small)),
    ],
  );
}

/**
 * The two buttons under one of the viewer's squares. Left and right on
 * the screen are the mover's left and right, since their row is at the bottom.
 * @param {NonNullable<BoardProps["controls"]>} controls
 * @param {number} own
 */
function moveButtons(controls, own) {
  /** @param {"L" | "R"} side */
  const button = (side) => {
    const move = `${own}${side}`;
    const legal = controls.legal.has(move);
    const captures = controls.captures?.get(move) ?? 0;
    const label = t(side === "L" ? "board.moveLeft" : "board.moveRight", { own, move });
    return h(
      `button.move.${side === "L" ? "left" : "right"}`,
      {
        key: move,
        attrs: {
          type: "button",
          "data-move": move,
          disabled: !legal,
          "aria-label": legal && captures > 0 ? `${label} (${t("board.wouldCapture", { stones: tn("board.stones", captures) })})` : label,
        },
        on: {
          click: () => controls.onMove(move),
          focus: () => controls.onPreview?.(move),
          blur: () => controls.onPreview?.(null),
          mouseenter: () => controls.onPreview?.(move),
          mouseleave: () => controls.onPreview?.(null),
        },
      },
      [icon(side === "L" ? "left" : "right")],
    );
  };
  return h(`div.moves.c${own + 1}`, { key: `moves${own}`, class: { selected: controls.selected === own } }, [
    button("L"),
    button("R"),
  ]);
}

/**
 * Keys on the controls: 1-5 choose a square, ←/→ move between the enabled
 * controls, L/R play the chosen square that way, Escape drops the choice.
 * @param {NonNullable<BoardProps["controls"]>} controls
 * @param {KeyboardEvent} event
 */
function onControlsKey(controls, event) {
  const group = /** @type {HTMLElement} */ (event.currentTarget);
  const buttons = /** @type {HTMLButtonElement[]} */ ([...group.querySelectorAll("button[data-move]:not([disabled])")]);
  const focusMove = (/** @type {string} */ move) =>
    buttons.find((b) => b.dataset.move === move)?.focus();
  if (/^[1-5]$/.test(event.key)) {
    const own = Number(event.key);
    controls.onSelect(own);
    const preferred = [`${own}R`, `${own}L`].find((m) => controls.legal.has(m));
    if (preferred) focusMove(preferred);
    event.preventDefault();
  } else if ((event.key === "l" || event.key === "r" || event.key === "L" || event.key === "R") && controls.selected) {
    const move = `${controls.selected}${event.key.toUpperCase()}`;
    if (controls.legal.has(move)) controls.onMove(move);
    event.preventDefault();
  } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    if (buttons.length === 0) return;
    const at = Math.max(0, buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement)));
    const next = buttons[(at + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length];
    next.focus();
    controls.onSelect(Number(next.dataset.move?.[0]));
    event.preventDefault();
  } else if (event.key === "Escape") {
    controls.onSelect(0);
  }
}

/**
 * Keeps the keyboard focus on the controls across a move: a played
 * control is disabled (the focus would fall to the page's body), so the
 * group takes it, and hands it to a control once one is enabled again.
 * @param {NonNullable<BoardProps["controls"]>} controls
 * @param {HTMLElement} group
 */
function keepFocus(controls, group) {
  if (!controls.refocus) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || (group.contains(active) && /** @type {HTMLButtonElement} */ (active).disabled);
  if (!lost && active !== group) return;
  const enabled = /** @type {HTMLButtonElement[]} */ ([...group.querySelectorAll("button[data-move]:not([disabled])")]);
  const target = enabled.find((b) => b.dataset.move === controls.refocus) ?? enabled[0];
  if (target) target.focus({ preventScroll: true });
  else if (active !== group) group.focus({ preventScroll: true });
}

/** @param {BoardProps} props @returns {VNode} */
export function boardView(props) {
  const top = props.bottom === "south" ? "north" : "south";
  // The top row is seen from across the table: its owner's left is our right.
  const topRow = rowOf(top).reverse();
  const bottomRow = rowOf(props.bottom);
  const [left, right] = props.bottom === "south" ? [0, 6] : [6, 0];
  const controls = props.controls;
  return h("div.board-wrap", { key: "board-wrap" }, [
    storeView(props, top, "top-store"),
    h(
      "div.board",
      { key: "board", attrs: { role: "group", "aria-label": props.label ?? t("board.label") } },
      [
        squareView(props, left, "west"),
        ...topRow.map((square, i) => squareView(props, square, `r1.c${i + 2}`)),
        ...bottomRow.map((square, i) => squareView(props, square, `r2.c${i + 2}`)),
        squareView(props, right, "east"),
      ],
    ),
    controls
      ? h(
          "div.controls",
          {
            key: "controls",
            attrs: { role: "group", "aria-label": t("board.controls"), tabindex: "-1" },
            on: { keydown: (/** @type {KeyboardEvent} */ e) => onControlsKey(controls, e) },
            hook: {
              postpatch: (/** @type {VNode} */ _old, /** @type {VNode} */ vnode) => keepFocus(controls, /** @type {HTMLElement} */ (vnode.elm)),
            },
          },
          [1, 2, 3, 4, 5].map((own) => moveButtons(controls, own)),
        )
      : null,
    storeView(props, props.bottom, "bottom-store"),
  ]);
}
