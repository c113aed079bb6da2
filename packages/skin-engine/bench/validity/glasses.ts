import { bootstrapCi, mean } from '../dev-faces';
import { f1, scoreOf, type Row } from './common';

/**
 * Portraits of the calibration part whose glasses show over the upper cheeks, labelled by eye in
 * session 35 (decision 168: dev-faces carries no such label; its README asks to look). The check
 * and test parts are not labelled, so that they stay unread.
 */
const CALIBRATION_GLASSES = new Set(
  (
    'B000574 B001223 B001310 E000246 F000446 F000474 G000568 G000576 H001052 J000299 K000381 ' +
    'L000266 L000491 M000312 M001156 M001226 P000096 P000595 S000185 S001221 W000828'
  )
    .split(' ')
    .map((id) => `${id}.jpg`),
);

/**
 * What glasses cost a man's scores (decision 168): the men with glasses against the men without,
 * on the metrics their frames touched, with the bootstrap interval of the difference. Printed for
 * the calibration part only (the labelled one); not a target.
 */
export function printGlasses(ok: Row[]) {
  const men = ok.filter(
    (r) =>
      r.face.gender === 'M' && r.face.folder === 'congress-dev' && r.face.part === 'calibration',
  );
  const wearers = men.filter((r) => CALIBRATION_GLASSES.has(r.face.file));
  if (!wearers.length) return;
  const others = men.filter((r) => !CALIBRATION_GLASSES.has(r.face.file));
  console.log(
    `\nmen with glasses − men without (calibration part, labelled by eye; n = ${wearers.length} / ${others.length}; not a target: a score should not depend on glasses)`,
  );
  for (const m of ['pores', 'texture', 'firmness', 'dark_circles'] as const) {
    const has = (r: Row) => scoreOf(r, m) !== undefined;
    const w = wearers.filter(has).map((r) => scoreOf(r, m) as number);
    const o = others.filter(has).map((r) => scoreOf(r, m) as number);
    const both = [...wearers, ...others].filter(has);
    const ci = bootstrapCi(both.length, (idx) => {
      const pick = idx.map((i) => both[i] as Row);
      const pw = pick.filter((r) => CALIBRATION_GLASSES.has(r.face.file));
      const po = pick.filter((r) => !CALIBRATION_GLASSES.has(r.face.file));
      return (
        mean(pw.map((r) => scoreOf(r, m) as number)) - mean(po.map((r) => scoreOf(r, m) as number))
      );
    });
    console.log(
      `${m.padEnd(13)}  with ${f1(mean(w))}  without ${f1(mean(o))}  difference ${f1(mean(w) - mean(o))}  95% CI [${f1(ci[0])}, ${f1(ci[1])}]`,
    );
  }
}
