import { LIVE_ADVICE_CHECKS } from '@lumiskin/contract/scan';
import type { LiveCheck, LiveCheckName, LiveReport } from '@lumiskin/skin-engine';
import { INSTRUCTION_ORDER } from '@/features/scan/lib/live-guidance';

const OK: LiveCheck = { ok: true, code: null, value: 0 };

/** A report in which the given checks fail (everything else passes). */
export function liveReport(
  failing: Partial<Record<LiveCheckName, Partial<LiveCheck>>> = {},
): LiveReport {
  const checks = Object.fromEntries(
    INSTRUCTION_ORDER.map((c) => [c, failing[c] ? { ...OK, ok: false, ...failing[c] } : OK]),
  ) as Record<LiveCheckName, LiveCheck>;
  return {
    ready: Object.keys(failing).length === 0,
    acceptable: Object.keys(failing).every((c) => LIVE_ADVICE_CHECKS.includes(c as LiveCheckName)),
    checks,
    server: null,
    state: null,
    ms: 1,
  } satisfies LiveReport;
}
