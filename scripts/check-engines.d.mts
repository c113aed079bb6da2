// Types for check-engines.mjs (tested from apps/server/test/check-engines.test.ts).
export declare const CLAIMED_NODE_VERSIONS: string[];
export declare function engineProblems(
  root: string,
  claimed?: string[],
): {
  problems: { name: string; version: string; range: string; excludes: string[]; where: string }[];
  rootRange: string | undefined;
  rootExcludes: string[];
};
