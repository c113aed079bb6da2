import { bootstrapCi, mean, median, quantile } from '../dev-faces';
import type { RenderMode, TruthLesion } from '../synth-lesions';
import { reportExplain } from './explain';
import { OVERLAYS, overlayOf } from './placement';
import {
  BANDS,
  COMEDONE_N,
  f1,
  f2,
  INFLAMMATORY_N,
  KIND_ROWS,
  pct,
  pctCi,
  type FaceRecord,
  type ImageRecord,
  type ModeRecord,
  type ReadOptions,
} from './records';

/** The renderings' names in the report (synth-lesions.ts). */
const MODE_TITLES: Record<RenderMode, string> = {
  linear: 'linear light (physical)',
  paint: 'paint (sRGB alpha blend)',
  stamp: 'stamp (one fixed colour per kind, sRGB alpha blend, flat)',
};

/** The lesion report: clear faces, then per rendering recall, precision, 8 papules, responses. */

type Targets = Array<{ name: string; figure: string; met: boolean }>;

// ---- statistics over portraits ----

/** Ratio Σnum/Σden over the rows, with its bootstrap 95 % interval over the rows (portraits). */
function ratio(rows: Array<[number, number]>): { v: number; ci: [number, number]; den: number } {
  const num = (idx: number[]) => idx.reduce((s, i) => s + (rows[i] as [number, number])[0], 0);
  const den = (idx: number[]) => idx.reduce((s, i) => s + (rows[i] as [number, number])[1], 0);
  const all = rows.map((_, i) => i);
  const d = den(all);
  return {
    v: d > 0 ? num(all) / d : NaN,
    ci: bootstrapCi(rows.length, (idx) => {
      const dd = den(idx);
      return dd > 0 ? num(idx) / dd : NaN;
    }),
    den: d,
  };
}
const fmtRatio = (r: ReturnType<typeof ratio>) => (r.den > 0 ? `${pct(r.v)} ${pctCi(r.ci)}` : '—');

function meanCi(v: number[]): string {
  if (!v.length) return '—';
  const ci = bootstrapCi(v.length, (idx) => mean(idx.map((i) => v[i] as number)));
  return `${f2(mean(v))} [${f2(ci[0])}, ${f2(ci[1])}]`;
}
function shareCi(flags: boolean[]): { v: number; text: string } {
  const v = flags.map((b) => (b ? 1 : 0));
  const ci = bootstrapCi(v.length, (idx) => mean(idx.map((i) => v[i] as number)));
  return { v: mean(v), text: v.length ? `${pct(mean(v))} ${pctCi(ci)}` : '—' };
}

const byBand = (rows: FaceRecord[]) => BANDS.map((_, i) => rows.filter((r) => r.band === i));
const cols = (title: string) =>
  `${title.padEnd(30)}${'all'.padEnd(20)}${BANDS.map((b) => b.name.padEnd(17)).join('')}`;

export function report(records: FaceRecord[], options: ReadOptions) {
  const targets: Targets = [];
  reportClearFaces(records, targets);
  for (const mode of options.modes) {
    const rows = records.filter((r) => r.modes.has(mode));
    const m = (r: FaceRecord) => r.modes.get(mode) as ModeRecord;
    console.log(`\n== ${MODE_TITLES[mode]} rendering ==`);
    const responses = options.responseModes.includes(mode);
    reportRecall(rows, m, responses);
    reportPrecision(rows, m);
    reportPapules8(rows, m, mode, targets);
    reportExplain(rows, m);
    if (responses) reportResponses(rows, m);
  }

  const met = targets.filter((t) => t.met).length;
  console.log(`\nissue 29's lesion targets on this part: ${met} of ${targets.length} met`);
  for (const t of targets)
    console.log(`  ${t.met ? 'met    ' : 'NOT MET'}  ${t.name}: ${t.figure}`);
}

/** The clear faces (the portraits as they are): false marks and scores. */
function reportClearFaces(records: FaceRecord[], targets: Targets) {
  console.log('\n== clear faces (the portraits as they are, in the capture above) ==');
  console.log(`n = ${records.length}; marks per face: mean [95% CI], share of faces with none`);
  for (const o of OVERLAYS) {
    const n = records.map((r) => r.clean.overlays[o].length);
    console.log(
      `  ${o.padEnd(11)} ${meanCi(n).padEnd(24)} none on ${shareCi(n.map((v) => v === 0)).text}   by band: ${byBand(
        records,
      )
        .map((b, i) => `${BANDS[i]?.name} ${f2(mean(b.map((r) => r.clean.overlays[o].length)))}`)
        .join(', ')}`,
    );
  }
  const acne = records.map((r) => r.clean.scores.acne).filter((v): v is number => v !== undefined);
  const acneMedCi = bootstrapCi(acne.length, (idx) => median(idx.map((i) => acne[i] as number)));
  const below80 = shareCi(acne.map((v) => v < 80));
  const bh = records
    .map((r) => r.clean.scores.blackheads)
    .filter((v): v is number => v !== undefined);
  console.log(
    `  acne median ${f1(median(acne))} [${f1(acneMedCi[0])}, ${f1(acneMedCi[1])}], p10–p90 ${f1(quantile(acne, 0.1))}–${f1(quantile(acne, 0.9))}, below 80: ${below80.text}; blackheads median ${f1(median(bh))}, p10–p90 ${f1(quantile(bh, 0.1))}–${f1(quantile(bh, 0.9))}`,
  );
  const young = records.filter((r) => r.face.age !== null && (r.face.age as number) < 40);
  console.log(
    `  under 40 (n = ${young.length}): blemish marks per face ${meanCi(young.map((r) => r.clean.overlays.blemishes.length))}, acne median ${f1(median(young.map((r) => r.clean.scores.acne ?? NaN)))}`,
  );
  const falseBlem = records.map((r) => r.clean.overlays.blemishes.length);
  targets.push(
    {
      name: 'clear faces: median acne ≥ 85',
      figure: `${f1(median(acne))} [${f1(acneMedCi[0])}, ${f1(acneMedCi[1])}]`,
      met: median(acne) >= 85,
    },
    {
      name: 'clear faces: ≤ 10 % below 80',
      figure: below80.text,
      met: below80.v <= 0.1,
    },
    {
      name: 'clear faces: ≤ 0.5 false (blemish) marks per face',
      figure: `${meanCi(falseBlem)} (blackheads ${f2(mean(records.map((r) => r.clean.overlays.blackheads.length)))}, dark spots ${f2(mean(records.map((r) => r.clean.overlays.dark_spots.length)))})`,
      met: mean(falseBlem) <= 0.5,
    },
  );
}

type ModeOf = (r: FaceRecord) => ModeRecord;

/** Recall per kind and ITA° band (the "kinds" image; the response images pooled). */
function reportRecall(rows: FaceRecord[], m: ModeOf, responses: boolean) {
  console.log(
    `recall per kind (the "kinds" image: 2 of each kind, 2 clusters; found by its own overlay kind; 95% CI over portraits; n per band ${byBand(
      rows,
    )
      .map((b) => b.length)
      .join('/')})`,
  );
  console.log(cols('kind (painted/face)') + 'by any kind');
  type Sel = (l: TruthLesion) => boolean;
  const recallRow = (label: string, sel: Sel, img: (r: FaceRecord) => ImageRecord | undefined) => {
    const counts = (r: FaceRecord, any = false): [number, number] => {
      const im = img(r);
      if (!im) return [0, 0];
      let num = 0;
      let den = 0;
      im.truth.forEach((l, i) => {
        if (!sel(l)) return;
        den++;
        if ((any ? im.foundAny : im.found)[i]) num++;
      });
      return [num, den];
    };
    const all = ratio(rows.map((r) => counts(r)));
    const perFace = all.den / Math.max(1, rows.length);
    console.log(
      `${`${label} (${f1(perFace)})`.padEnd(30)}${fmtRatio(all).padEnd(20)}${byBand(rows)
        .map((b) => fmtRatio(ratio(b.map((r) => counts(r)))).padEnd(17))
        .join('')}${fmtRatio(ratio(rows.map((r) => counts(r, true))))}`,
    );
    return { all, bands: byBand(rows).map((b) => ratio(b.map((r) => counts(r)))) };
  };
  const kindsImg = (r: FaceRecord) => m(r).kinds;
  for (const k of KIND_ROWS) recallRow(k, (l) => l.kind === k && l.cluster === undefined, kindsImg);
  recallRow('cluster papules', (l) => l.cluster !== undefined, kindsImg);
  recallRow('all inflammatory', (l) => overlayOf(l.kind) === 'blemishes', kindsImg);
  recallRow('all comedones', (l) => overlayOf(l.kind) === 'blackheads', kindsImg);
  if (responses) {
    // The response images of one series pooled as one record.
    const pooled = (series: 'inflammatory' | 'comedones') => (r: FaceRecord) => {
      const ims = [...m(r)[series].values()];
      return {
        ...(ims[0] as ImageRecord),
        truth: ims.flatMap((i) => i.truth),
        found: ims.flatMap((i) => i.found),
        foundAny: ims.flatMap((i) => i.foundAny),
      };
    };
    recallRow('infl., response imgs', () => true, pooled('inflammatory'));
    recallRow('comed., response imgs', () => true, pooled('comedones'));
  }
}

/** Precision per overlay kind over every painted image of the mode. */
function reportPrecision(rows: FaceRecord[], m: ModeOf) {
  const images = (r: FaceRecord): ImageRecord[] =>
    [m(r).kinds, m(r).papules8, ...m(r).inflammatory.values(), ...m(r).comedones.values()].filter(
      (i): i is ImageRecord => Boolean(i && !i.refused),
    );
  console.log(
    '\nprecision per overlay kind (every painted image of this mode; right / (right + wrong kind + new); old = at a clear-face mark, left out)',
  );
  console.log(cols('overlay: right/wrong/new/old'));
  for (const o of OVERLAYS) {
    const tot = { right: 0, wrong: 0, old: 0, fresh: 0 };
    for (const r of rows)
      for (const im of images(r))
        for (const k of Object.keys(tot) as Array<keyof typeof tot>) tot[k] += im.marks[o][k];
    const prec = (r: FaceRecord): [number, number] => {
      let right = 0;
      let den = 0;
      for (const im of images(r)) {
        right += im.marks[o].right;
        den += im.marks[o].right + im.marks[o].wrong + im.marks[o].fresh;
      }
      return [right, den];
    };
    console.log(
      `${`${o}: ${tot.right}/${tot.wrong}/${tot.fresh}/${tot.old}`.padEnd(30)}${fmtRatio(ratio(rows.map(prec))).padEnd(20)}${byBand(
        rows,
      )
        .map((b) => fmtRatio(ratio(b.map(prec))).padEnd(17))
        .join('')}`,
    );
  }
}

/** The hidden check's protocol: 8 papules, recall and acne drop per band. */
function reportPapules8(rows: FaceRecord[], m: ModeOf, mode: RenderMode, targets: Targets) {
  console.log(
    "\n8 papules (the hidden check's protocol: 8 papules 3–5 mm across, 2 each in forehead, cheeks, chin)",
  );
  console.log(
    `${'band'.padEnd(10)}${'n'.padStart(4)}  ${'painted'.padEnd(8)}${'recall [95% CI]'.padEnd(20)}${'by any kind'.padEnd(18)}${'acne drop [95% CI]'.padEnd(24)}drop ≥ 5 [95% CI]`,
  );
  const drop = (r: FaceRecord) =>
    (r.clean.scores.acne ?? NaN) - (m(r).papules8?.acne ?? r.clean.scores.acne ?? NaN);
  const papCounts = (r: FaceRecord, any = false): [number, number] => {
    const im = m(r).papules8 as ImageRecord;
    return [(any ? im.foundAny : im.found).filter(Boolean).length, im.truth.length];
  };
  const papRow = (label: string, set: FaceRecord[]) => {
    const rec = ratio(set.map((r) => papCounts(r)));
    const drops = set.map(drop).filter((v) => Number.isFinite(v));
    const ge5 = shareCi(drops.map((d) => d >= 5));
    console.log(
      `${label.padEnd(10)}${String(set.length).padStart(4)}  ${f1(rec.den / Math.max(1, set.length)).padEnd(8)}${fmtRatio(rec).padEnd(20)}${fmtRatio(ratio(set.map((r) => papCounts(r, true)))).padEnd(18)}${meanCi(drops).padEnd(24)}${ge5.text}`,
    );
    return { rec, drops, ge5 };
  };
  const papAll = papRow('all', rows);
  const papBands = byBand(rows).map((b, i) => papRow(BANDS[i]?.name ?? '', b));
  const label = `(${mode})`;
  const worstBand = papBands
    .map((b, i) => ({ v: b.rec.v, name: BANDS[i]?.name, n: b.rec.den }))
    .filter((b) => b.n > 0)
    .reduce((a, b) => (b.v < a.v ? b : a), { v: Infinity, name: '—', n: 0 });
  targets.push(
    {
      name: `painted papules found ≥ 70 % overall ${label}`,
      figure: fmtRatio(papAll.rec),
      met: papAll.rec.v >= 0.7,
    },
    {
      name: `painted papules found ≥ 60 % in every tone band ${label}`,
      figure: `lowest ${pct(worstBand.v)} (${worstBand.name}); ${papBands.map((b, i) => `${BANDS[i]?.name} ${pct(b.rec.v)}`).join(', ')}`,
      met: papBands.every((b) => b.rec.den === 0 || b.rec.v >= 0.6),
    },
    {
      name: `8 papules lower acne by ≥ 12 on average ${label}`,
      figure: meanCi(papAll.drops),
      met: mean(papAll.drops) >= 12,
    },
    {
      name: `8 papules lower acne by ≥ 5 on ≥ 90 % of faces ${label}`,
      figure: papAll.ge5.text,
      met: papAll.ge5.v >= 0.9,
    },
  );
}

/** The acne and blackheads scores against the number of lesions painted. */
function reportResponses(rows: FaceRecord[], m: ModeOf) {
  const response = (
    title: string,
    levels: number[],
    imgOf: (r: FaceRecord, n: number) => ImageRecord | undefined,
    score: (im: ImageRecord) => number | undefined,
    clean: (r: FaceRecord) => number | undefined,
  ) => {
    console.log(`\n${title}`);
    console.log(
      `${'lesions'.padEnd(9)}${'painted'.padEnd(9)}${'median [95% CI]'.padEnd(22)}${'p10–p90'.padEnd(14)}drop from clear (mean)`,
    );
    for (const n of [0, ...levels]) {
      const vals: number[] = [];
      const painted: number[] = [];
      const drops: number[] = [];
      for (const r of rows) {
        const c = clean(r);
        if (n === 0) {
          if (c !== undefined) vals.push(c);
          painted.push(0);
          continue;
        }
        const im = imgOf(r, n);
        const v = im ? score(im) : undefined;
        if (v === undefined || c === undefined) continue;
        vals.push(v);
        drops.push(c - v);
        painted.push((im as ImageRecord).truth.length);
      }
      const ci = bootstrapCi(vals.length, (idx) => median(idx.map((i) => vals[i] as number)));
      console.log(
        `${String(n).padEnd(9)}${f1(mean(painted)).padEnd(9)}${`${f1(median(vals))} [${f1(ci[0])}, ${f1(ci[1])}]`.padEnd(22)}${`${f1(quantile(vals, 0.1))}–${f1(quantile(vals, 0.9))}`.padEnd(14)}${n === 0 ? '' : f1(mean(drops))}`,
      );
    }
  };
  response(
    'acne score against the number of inflammatory lesions (papules, pustules, nodules, cluster papules)',
    INFLAMMATORY_N,
    (r, n) => m(r).inflammatory.get(n),
    (im) => im.acne,
    (r) => r.clean.scores.acne,
  );
  response(
    'blackheads score against the number of comedones (open and closed)',
    COMEDONE_N,
    (r, n) => m(r).comedones.get(n),
    (im) => im.blackheads,
    (r) => r.clean.scores.blackheads,
  );
}
