import { VNode } from "./vnode.js";
import { DOMAPI } from "./htmldomapi.js";
export declare function toVNode(node: Node, domApi?: DOMAPI): VNode;
