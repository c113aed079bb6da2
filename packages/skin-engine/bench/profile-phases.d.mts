/** Types of profile-phases.mjs (plain JavaScript, so the web app's .mjs benches can import it). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}
export interface ProfiledPhases {
  totalMs: number;
  phases: Record<string, number>;
  kinds: Record<string, number>;
  top: [string, number][];
}
export const PHASES: [string, string][];
export function profilePhases(profile: CpuProfile): ProfiledPhases;
export function phaseRows(columns: { label: string; result: ProfiledPhases }[]): string;
