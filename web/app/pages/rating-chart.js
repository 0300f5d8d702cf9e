// A player's rating over their rated games, one line per preset, drawn as
// SVG (no charting service). The table below it says the same in text.

import { h, svg } from "../core/dom.js";
import { formatDay, formatNumber, t } from "../core/i18n.js";

/** @typedef {import("../core/dom.js").VNode} VNode */
/** @typedef {import("../../types/models").RatingChangeView} RatingChangeView */

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 24 };

/**
 * @param {RatingChangeView[]} changes oldest first
 * @returns {VNode}
 */
export function ratingChart(changes) {
  if (changes.length === 0) return h("p", t("player.noHistory"));
  const ratings = changes.flatMap((c) => [c.rating_before, c.rating_after]);
  const low = Math.floor(Math.min(...ratings) / 50) * 50;
  const high = Math.max(low + 100, Math.ceil(Math.max(...ratings) / 50) * 50);
  const x = (/** @type {number} */ i) => PAD.left + (i / Math.max(1, changes.length)) * (WIDTH - PAD.left - PAD.right);
  const y = (/** @type {number} */ r) => PAD.top + ((high - r) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);

  const presets = [...new Set(changes.map((c) => c.preset))];
  const lines = presets.map((preset) => {
    /** @type {string[]} */
    const points = [];
    changes.forEach((change, i) => {
      if (change.preset !== preset) return;
      if (!points.length) points.push(`${x(i)},${y(change.rating_before)}`);
      points.push(`${x(i + 1)},${y(change.rating_after)}`);
    });
    return svg("polyline", { class: `line ${preset}`, points: points.join(" "), fill: "none" });
  });
  const grid = [low, (low + high) / 2, high].map((r) =>
    svg("g", { class: "grid" }, [
      svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(r), y2: y(r) }),
      svg("text", { x: PAD.left - 6, y: y(r) + 4, "text-anchor": "end" }, formatNumber(r)),
    ]),
  );
  const first = changes[0];
  const last = changes[changes.length - 1];
  const summary = t("player.chartSummary", {
    count: changes.length,
    from: formatNumber(first.rating_before),
    to: formatNumber(last.rating_after),
  });
  return h("figure.rating-chart", [
    svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": summary }, [
      ...grid,
      ...lines,
      svg("text", { x: PAD.left, y: HEIGHT - 6 }, formatDay(first.rated_at)),
      svg("text", { x: WIDTH - PAD.right, y: HEIGHT - 6, "text-anchor": "end" }, formatDay(last.rated_at)),
    ]),
    h("figcaption", [
      summary,
      " ",
      ...presets.map((preset) => h(`span.legend.${preset}`, t(/** @type {any} */ (`preset.${preset}`)))),
    ]),
  ]);
}
