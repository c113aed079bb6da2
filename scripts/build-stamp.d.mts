// Types for build-stamp.mjs (tested from apps/server/test/build-stamp.test.ts).
export declare const SOURCE_ROOTS: string[];
export declare const BUILD_OUTPUTS: string[];
export declare const STAMP_FILE: string;
export declare function sourceFingerprint(root: string, roots?: string[]): string;
export declare function buildNeeded(
  root: string,
  options?: { roots?: string[]; outputs?: string[]; stampFile?: string },
): string | null;
export declare function writeStamp(
  root: string,
  fingerprint: string,
  options?: { stampFile?: string },
): void;
