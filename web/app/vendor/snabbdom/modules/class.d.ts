import { Module } from "./module.js";
export type Classes = Record<string, boolean>;
export declare const classModule: Module;
