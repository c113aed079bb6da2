import type {
  RoutineConsistency,
  RoutineProduct,
  RoutineResponse,
} from '@lumiskin/contract/routine';

/** No check-offs yet: consistency has no days to count. */
export function consistency(overrides: Partial<RoutineConsistency> = {}): RoutineConsistency {
  const empty = { counted_days: 0, followed_days: 0, percent: null };
  return {
    today: '2026-11-20',
    checked_today: [],
    last_7_days: { window_days: 7, ...empty },
    last_30_days: { window_days: 30, ...empty },
    ...overrides,
  };
}

/** A routine answer as GET /api/routine sends it, empty unless told otherwise. */
export function routineResponse(overrides: Partial<RoutineResponse> = {}): RoutineResponse {
  return { morning: [], evening: [], conflicts: [], consistency: consistency(), ...overrides };
}

let n = 0;
export function routineProduct(overrides: Partial<RoutineProduct> = {}): RoutineProduct {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Product ${n}`,
    type: 'serum',
    purpose: 'Skin care',
    application_time: 'evening',
    frequency: 'daily',
    added_date: '2026-11-01T00:00:00.000Z',
    notes: '',
    from_scan_date: null,
    days: [],
    ...overrides,
  };
}
