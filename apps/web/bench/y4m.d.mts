/** Types of y4m.mjs, which the e2e fake camera imports as well (one Y4M writer for both). */
export declare function y4mFrame(rgb: Uint8Array, W: number, H: number): Buffer;
export declare function fakeCameraArgs(y4m: string): string[];
