import { COMPREHENSIVE_METRICS } from '@lumiskin/contract/analysis';
import { bootstrapCi, mean, median, quantile, spearman, spearmanCi } from '../dev-faces';
import { AGEING, bci, f1, f2, pct, scoreOf, share, type Row, type Target } from './common';

/** Refusals among the portraits (the zoom series left out). */
export function printRefusals(portraits: Row[], target: Target) {
  const refused = portraits.filter((r) => r.refused);
  const reasons = new Map<string, number>();
  for (const r of refused)
    reasons.set(r.refused as string, (reasons.get(r.refused as string) ?? 0) + 1);
  console.log(
    `refusals: ${refused.length}/${portraits.length} (${share(portraits.map((r) => Boolean(r.refused)))})` +
      (refused.length
        ? ` — ${[...reasons].map(([k, v]) => `${k} ${v}`).join(', ')}: ${refused.map((r) => `${r.face.folder}/${r.face.file}`).join(' ')}`
        : ''),
  );

  const refusedShare = refused.length / Math.max(1, portraits.length);
  target('clear portraits refused ≤ 2 %', pct(refusedShare), refusedShare <= 0.02);
}

/** Ageing scores against age. */
export function printAgeing(aged: Row[], target: Target) {
  console.log(
    '\nageing scores against age (all portraits with an age; target ρ fine_lines ≤ −0.5, firmness ≤ −0.35, overall ≤ −0.35)',
  );
  console.log(
    'score          ρ(age)   95% CI            median <40  95% CI               median 65+  95% CI           official portraits only: ρ(age)  95% CI; men / women',
  );
  for (const m of [...AGEING, 'overall'] as const) {
    // A metric left unmeasured on a photo (its zones hidden) has no score there: left out.
    const scored = aged.filter((r) => scoreOf(r, m) !== undefined);
    const xs = scored.map((r) => r.face.age as number);
    const ys = scored.map((r) => scoreOf(r, m) as number);
    const [lo, hi] = spearmanCi(xs, ys);
    const young = scored
      .filter((r) => (r.face.age as number) < 40)
      .map((r) => scoreOf(r, m) as number);
    const old = scored
      .filter((r) => (r.face.age as number) >= 65)
      .map((r) => scoreOf(r, m) as number);
    const rho = spearman(xs, ys);
    const limit = m === 'fine_lines' ? -0.5 : -0.35;
    if (m === 'fine_lines' || m === 'firmness' || m === 'overall')
      target(`ρ(age, ${m}) ≤ ${limit}`, f2(rho), rho <= limit);
    if (m === 'fine_lines')
      target('median fine lines at 65+ < 80', f1(median(old)), median(old) < 80);
    if (m === 'overall')
      target('median overall under 40 ≥ 80', f1(median(young)), median(young) >= 80);
    console.log(
      `${m.padEnd(14)} ${f2(rho).padStart(6)}   [${f2(lo)}, ${f2(hi)}]`.padEnd(42) +
        `${f1(median(young)).padStart(6)} (n=${young.length}) ${bci(young, median)}`.padEnd(33) +
        `${f1(median(old)).padStart(6)} (n=${old.length}) ${bci(old, median)}`.padEnd(33) +
        official(scored, m),
    );
  }
}

/**
 * ρ(age) within the official portraits alone (congress-dev, 34–86 years), pooled and per gender:
 * the hidden check's official portraits are that population, while the pooled figure also spans
 * the young students of canada/ (17–35, another camera and light), which widens the age range and
 * with it |ρ| (issue 29, item 4: the pooled calibration figures were −0.53 / −0.41 / −0.30 where the
 * hidden portraits read −0.37 / −0.23 / −0.18).
 */
function official(scored: Row[], m: (typeof AGEING)[number] | 'overall'): string {
  const pairs = (rows: Row[]) =>
    [rows.map((r) => r.face.age as number), rows.map((r) => scoreOf(r, m) as number)] as const;
  const rows = scored.filter((r) => r.face.folder === 'congress-dev');
  if (rows.length < 10) return '—';
  // The interval for the official portraits as a whole; per gender the figure alone.
  const [xs, ys] = pairs(rows);
  const [lo, hi] = spearmanCi(xs, ys);
  const men = rows.filter((r) => r.face.gender === 'M');
  const women = rows.filter((r) => r.face.gender === 'F');
  return (
    `${f2(spearman(xs, ys)).padStart(6)} [${f2(lo)}, ${f2(hi)}] (n=${rows.length}); ` +
    `${f2(spearman(...pairs(men)))} (n=${men.length}) / ${f2(spearman(...pairs(women)))} (n=${women.length})`
  );
}

/** Women − men gaps, pooled and within each folder (camera and light). */
export function printGender(ok: Row[], target: Target) {
  const women = ok.filter((r) => r.face.gender === 'F');
  const men = ok.filter((r) => r.face.gender === 'M');
  console.log(
    `\nwomen − men mean gap (n = ${women.length} / ${men.length}; target |gap| ≤ 3, men with acne < 80 ≤ 5%)`,
  );
  for (const m of ['acne', 'pores', 'texture', 'blackheads'] as const) {
    const wv = women.map((r) => scoreOf(r, m) as number);
    const mv = men.map((r) => scoreOf(r, m) as number);
    const w = mean(wv);
    const mm = mean(mv);
    // Bootstrap over people (women and men resampled together, as a second sample would be).
    const both = [...women, ...men];
    const ci = bootstrapCi(both.length, (idx) => {
      const pick = idx.map((i) => both[i] as Row);
      return (
        mean(pick.filter((r) => r.face.gender === 'F').map((r) => scoreOf(r, m) as number)) -
        mean(pick.filter((r) => r.face.gender === 'M').map((r) => scoreOf(r, m) as number))
      );
    });
    // The folders are different cameras and lights with different shares of women (the young,
    // pink-cast Canadian set is mostly women): the pooled gap mixes the camera into it. Within
    // each folder, weighted by its people, is the gap "under the same light".
    const perFolder: string[] = [];
    let within = 0;
    let weight = 0;
    for (const folder of ['congress-dev', 'canada'] as const) {
      const f = women.filter((r) => r.face.folder === folder).map((r) => scoreOf(r, m) as number);
      const g = men.filter((r) => r.face.folder === folder).map((r) => scoreOf(r, m) as number);
      if (!f.length || !g.length) continue;
      perFolder.push(`${folder} ${f1(mean(f) - mean(g))} (${f.length}/${g.length})`);
      within += (mean(f) - mean(g)) * (f.length + g.length);
      weight += f.length + g.length;
    }
    const withinGap = weight ? within / weight : NaN;
    if (m !== 'blackheads')
      target(
        `women − men gap of ${m} ≤ 3`,
        `${f1(w - mm)} pooled, ${f1(withinGap)} within folders`,
        Math.abs(w - mm) <= 3,
      );
    console.log(
      `${m.padEnd(14)} women ${f1(w)} ${bci(wv)}  men ${f1(mm)} ${bci(mv)}  gap ${f1(w - mm)}  95% CI [${f1(ci[0])}, ${f1(ci[1])}]  | within folders ${f1(withinGap)}: ${perFolder.join(', ')}`,
    );
  }
  const menAcne =
    men.filter((r) => (scoreOf(r, 'acne') as number) < 80).length / Math.max(1, men.length);
  target('men with acne < 80 ≤ 5 %', pct(menAcne), menAcne <= 0.05);
  console.log(
    `men with acne < 80: ${share(men.map((r) => (scoreOf(r, 'acne') as number) < 80))}; women: ${share(women.map((r) => (scoreOf(r, 'acne') as number) < 80))}`,
  );
}

/** "Poor" redness and sensitivity on the studio portraits and the pink-cast set. */
export function printRedness(congress: Row[], ok: Row[], target: Target) {
  console.log('\n"poor" (< 60) redness and sensitivity (target ≤ 10% on neutral-light portraits)');
  for (const [name, set] of [
    ['congress-dev (studio)', congress],
    ['canada (pink cast)', ok.filter((r) => r.face.folder === 'canada')],
  ] as const) {
    const red = set.map((r) => scoreOf(r, 'redness') as number);
    const sens = set.map((r) => scoreOf(r, 'sensitivity') as number);
    const poorRed = red.filter((v) => v < 60).length / Math.max(1, red.length);
    const poorSens = sens.filter((v) => v < 60).length / Math.max(1, sens.length);
    const sensitive = set.map((r) => r.result?.estimated_skin_type === 'sensitive');
    if (set === congress)
      target(
        '"poor" redness and sensitivity on studio portraits ≤ 10 % each',
        `${pct(poorRed)} / ${pct(poorSens)}`,
        poorRed <= 0.1 && poorSens <= 0.1,
      );
    console.log(
      `${name.padEnd(24)} n=${String(set.length).padEnd(4)} redness poor ${share(red.map((v) => v < 60))} (median ${f1(median(red))} ${bci(red, median)}), sensitivity poor ${share(sens.map((v) => v < 60))} (median ${f1(median(sens))} ${bci(sens, median)}), typed sensitive ${share(sensitive)}`,
    );
  }
}

/** Each score's spread over the accepted portraits, and the skin types given. */
export function printDistribution(ok: Row[]) {
  console.log(
    '\nscore distribution over the accepted portraits (p10 / median / p90, each with its 95 % CI)',
  );
  for (const m of [...COMPREHENSIVE_METRICS, 'overall' as const]) {
    const v = ok.map((r) => scoreOf(r, m)).filter((x): x is number => x !== undefined);
    const p10 = (x: number[]) => quantile(x, 0.1);
    const p90 = (x: number[]) => quantile(x, 0.9);
    console.log(
      `${m.padEnd(14)} ${`${f1(p10(v))} ${bci(v, p10)}`.padEnd(20)} ${`${f1(median(v))} ${bci(v, median)}`.padEnd(20)} ${f1(p90(v))} ${bci(v, p90)}`,
    );
  }
  const types = new Map<string, number>();
  for (const r of ok)
    types.set(
      r.result?.estimated_skin_type as string,
      (types.get(r.result?.estimated_skin_type as string) ?? 0) + 1,
    );
  console.log(
    `skin types: ${[...types].map(([k, v]) => `${k} ${v} (${share(ok.map((r) => r.result?.estimated_skin_type === k))})`).join(', ')}`,
  );
}
