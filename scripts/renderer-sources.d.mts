/** Types of renderer-sources.mjs (plain JavaScript, read by npm start without the TypeScript loader). */
export declare const ROOT: string;
export declare const RENDERER_OUT: string;
export declare const RENDERER_STAMP: string;
export declare function rendererSourcesHash(): string;
