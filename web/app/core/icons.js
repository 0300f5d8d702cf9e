// The page's icons, drawn inline in SVG: font glyphs such as ⏮ ⏯ ⏭ are
// missing from common fonts and show as empty boxes. Each is decorative
// (`aria-hidden`): the control that holds it has the accessible name.

import { svg } from "./dom.js";

/** @typedef {"start" | "prev" | "play" | "pause" | "next" | "end" | "left" | "right"} IconName */

/** The shapes of each icon in a 16×16 box. @type {Record<IconName, string[]>} */
const SHAPES = {
  start: ["M3 3h2v10H3z", "M13 3v10L6 8z"],
  // One step: a chevron, unlike the play triangle.
  prev: ["M11 2.5 12.5 4l-4 4 4 4-1.5 1.5L5.5 8z"],
  play: ["M4 3v10l9-5z"],
  pause: ["M4 3h3v10H4z", "M9 3h3v10H9z"],
  next: ["M5 2.5 3.5 4l4 4-4 4L5 13.5 10.5 8z"],
  end: ["M11 3h2v10h-2z", "M3 3v10l7-5z"],
  left: ["M11 3v10L4 8z"],
  right: ["M5 3v10l7-5z"],
};

/** @param {IconName} name */
export function icon(name) {
  return svg(
    "svg.icon",
    { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true", focusable: "false" },
    SHAPES[name].map((d) => svg("path", { d, fill: "currentColor" })),
  );
}
