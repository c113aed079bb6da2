import type { RoutineProduct } from '@lumiskin/contract/routine';
import { describe, expect, it } from 'vitest';
import { activesOfStep, findRoutineConflicts } from './conflicts';

let n = 0;
function step(overrides: Partial<RoutineProduct> & Pick<RoutineProduct, 'name'>): RoutineProduct {
  n += 1;
  return {
    id: `p${n}`,
    type: 'serum',
    purpose: 'Skin care',
    application_time: 'evening',
    frequency: 'daily',
    added_date: '2026-11-01T00:00:00.000Z',
    notes: '',
    days: [],
    from_scan_date: null,
    ...overrides,
  };
}

describe('activesOfStep', () => {
  it('reads actives from type, words and our own formulations', () => {
    expect([...activesOfStep(step({ name: 'Night cream', type: 'retinol' }))]).toEqual([
      'retinoid',
    ]);
    expect([...activesOfStep(step({ name: 'Retinal 0.1% serum' }))]).toEqual(['retinoid']);
    expect([...activesOfStep(step({ name: '2% BHA liquid' }))]).toEqual(['exfoliating_acid']);
    expect([...activesOfStep(step({ name: 'Toner', notes: 'glycolic acid 7%' }))]).toEqual([
      'exfoliating_acid',
    ]);
    expect([
      ...activesOfStep(step({ name: 'Spot gel', purpose: 'benzoyl peroxide 2.5%' })),
    ]).toEqual(['benzoyl_peroxide']);
    expect([...activesOfStep(step({ name: 'Vitamin C serum' }))]).toEqual(['vitamin_c']);
    // Our formulations by their flags: RenewLift holds retinal, ClearComplex salicylic acid.
    expect([...activesOfStep(step({ name: 'RenewLift', purpose: 'Lines' }))]).toEqual(['retinoid']);
    expect([...activesOfStep(step({ name: 'ClearComplex' }))]).toEqual(['exfoliating_acid']);
    // Look-alikes that are not actives.
    expect(activesOfStep(step({ name: 'Hyaluronic acid serum' })).size).toBe(0);
    expect(activesOfStep(step({ name: 'EvenTone', purpose: 'tranexamic acid' })).size).toBe(0);
    expect(activesOfStep(step({ name: 'Barrier cream', purpose: 'fatty acids' })).size).toBe(0);
  });
});

describe('findRoutineConflicts', () => {
  it('warns about a retinal and salicylic acid on the same evening, naming both, with two splits', () => {
    const retinal = step({ name: 'Retinal serum' });
    const bha = step({ name: 'Salicylic acid toner', type: 'toner' });
    const [conflict, ...rest] = findRoutineConflicts([bha, retinal]);
    expect(rest).toEqual([]);
    expect(conflict?.rule).toBe('retinoid_with_acid');
    expect(conflict?.product_ids).toEqual([retinal.id, bha.id]);
    expect(conflict?.message).toContain('Retinal serum (a retinoid)');
    expect(conflict?.message).toContain('Salicylic acid toner (an exfoliating acid)');
    expect(conflict?.suggestions.map((s) => s.kind)).toEqual(['alternate', 'move']);
    expect(conflict?.suggestions[0]?.label).toBe(
      'Retinal serum on Mon, Wed and Fri evenings, Salicylic acid toner on the other evenings (Tue, Thu, Sat and Sun)',
    );
    expect(conflict?.suggestions[0]?.changes).toEqual([
      { product_id: retinal.id, application_time: 'evening', days: [1, 3, 5] },
      { product_id: bha.id, application_time: 'evening', days: [2, 4, 6, 7] },
    ]);
    expect(conflict?.suggestions[1]).toEqual({
      kind: 'move',
      label: 'Salicylic acid toner in the morning, Retinal serum in the evening',
      changes: [{ product_id: bha.id, application_time: 'morning', days: [] }],
    });
  });

  it('is satisfied by either split', () => {
    const retinal = step({ name: 'Retinal serum' });
    const bha = step({ name: 'BHA toner' });
    const [conflict] = findRoutineConflicts([retinal, bha]);
    for (const suggestion of conflict!.suggestions) {
      const applied = [retinal, bha].map((p) => {
        const change = suggestion.changes.find((c) => c.product_id === p.id);
        return change ? { ...p, application_time: change.application_time, days: change.days } : p;
      });
      expect(findRoutineConflicts(applied)).toEqual([]);
    }
  });

  it('keeps the days a step already has when it suggests alternating', () => {
    const retinal = step({ name: 'Tretinoin cream', days: [2, 4] });
    const aha = step({ name: 'Glycolic pads' });
    const [conflict] = findRoutineConflicts([retinal, aha]);
    expect(conflict?.suggestions[0]?.changes).toEqual([
      { product_id: retinal.id, application_time: 'evening', days: [2, 4] },
      { product_id: aha.id, application_time: 'evening', days: [1, 3, 5, 6, 7] },
    ]);
  });

  it('does not warn when the two never meet', () => {
    const retinal = step({ name: 'Retinol', days: [1, 3, 5] });
    expect(findRoutineConflicts([retinal, step({ name: 'BHA', days: [2, 4, 6] })])).toEqual([]);
    expect(
      findRoutineConflicts([retinal, step({ name: 'BHA', application_time: 'morning' })]),
    ).toEqual([]);
    expect(findRoutineConflicts([retinal, step({ name: 'Niacinamide serum' })])).toEqual([]);
  });

  it('covers benzoyl peroxide with a retinoid and with vitamin C, and two acids', () => {
    const bp = step({ name: 'Benzoyl peroxide 5% wash', type: 'cleanser' });
    const adapalene = step({ name: 'Adapalene gel', type: 'treatment' });
    const [withRetinoid] = findRoutineConflicts([bp, adapalene]);
    expect(withRetinoid?.rule).toBe('benzoyl_peroxide_with_retinoid');
    expect(withRetinoid?.suggestions[1]?.changes).toEqual([
      { product_id: bp.id, application_time: 'morning', days: [] },
    ]);

    const vitC = step({ name: 'Vitamin C serum', application_time: 'morning' });
    const bpMorning = step({ name: 'BPO spot gel', application_time: 'morning' });
    const [withVitC] = findRoutineConflicts([vitC, bpMorning]);
    expect(withVitC?.rule).toBe('benzoyl_peroxide_with_vitamin_c');
    expect(withVitC?.suggestions[1]?.label).toBe(
      'BPO spot gel in the evening, Vitamin C serum in the morning',
    );

    const [acids] = findRoutineConflicts([
      step({ name: 'AHA peel' }),
      step({ name: 'BHA liquid' }),
    ]);
    expect(acids?.rule).toBe('two_acids');
    expect(acids?.suggestions.map((s) => s.kind)).toEqual(['alternate']);
  });
});
