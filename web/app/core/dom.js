// The virtual DOM: snabbdom's patch with the modules the page uses, and
// a render loop that coalesces every state change of a task into one patch.
import {
  init,
  h,
  attributesModule,
  classModule,
  datasetModule,
  eventListenersModule,
  propsModule,
  styleModule,
} from "../vendor/snabbdom/index.js";

export { h };

/** @typedef {import("../vendor/snabbdom/index.js").VNode} VNode */
/** @typedef {import("../vendor/snabbdom/index.js").VNodeChildren} VNodeChildren */

export const patch = init([
  attributesModule,
  classModule,
  datasetModule,
  eventListenersModule,
  propsModule,
  styleModule,
]);

/** @type {(() => VNode) | null} */
let renderRoot = null;
/** @type {VNode | Element | null} */
let mounted = null;
let scheduled = false;

/**
 * Starts rendering `view` into `element`; `requestRender` repaints.
 * @param {Element} element
 * @param {() => VNode} view
 */
export function mount(element, view) {
  renderRoot = view;
  mounted = element;
  renderNow();
}

export function requestRender() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(renderNow);
}

function renderNow() {
  scheduled = false;
  if (!renderRoot || !mounted) return;
  mounted = patch(mounted, renderRoot());
}

/**
 * An SVG element (snabbdom needs the namespace on each).
 * @param {string} sel
 * @param {Record<string, string | number>} attrs
 * @param {VNodeChildren} [children]
 */
export function svg(sel, attrs, children) {
  return h(sel, { ns: "http://www.w3.org/2000/svg", attrs }, children ?? []);
}

/**
 * Calls `fn` when the element is inserted (e.g. to focus it).
 * @param {(element: HTMLElement) => void} fn
 */
export function onInsert(fn) {
  return { insert: (/** @type {VNode} */ vnode) => fn(/** @type {HTMLElement} */ (vnode.elm)) };
}
