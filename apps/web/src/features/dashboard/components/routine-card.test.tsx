import type { RoutineProduct, RoutineResponse } from '@lumiskin/contract/routine';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoutineCard, UNDO_MS } from '@/features/dashboard/components/routine-card';
import { fakeApi, reply } from '@/testing/fake-api';
import { consistency, routineProduct, routineResponse } from '@/testing/routine-factory';
import { renderWithRouter } from '@/testing/test-utils';

function serveRoutine() {
  const routine: RoutineResponse = routineResponse();
  const posted: unknown[] = [];
  const fetch = fakeApi({
    'GET /api/routine': () => routine,
    'GET /api/routine/history': () =>
      new Response('[]', { status: 200, headers: { 'x-total-count': '3' } }),
    'POST /api/routine/products': ({ body: sent }) => {
      const body = sent as Omit<RoutineProduct, 'id' | 'added_date'>;
      posted.push(body);
      const product: RoutineProduct = {
        ...body,
        id: 'p1',
        added_date: new Date().toISOString(),
        days: [],
        from_scan_date: null,
      };
      routine[body.application_time].push(product);
      return reply('POST /api/routine/products', product, 201);
    },
  });
  return { fetch, posted };
}

describe('RoutineCard', () => {
  it('keeps Add disabled until name and purpose hold more than blanks, then adds the product', async () => {
    const { posted } = serveRoutine();
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');

    expect(await screen.findByText('Routine consistency')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: 'Add to routine' });
    expect(add).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Product name'), '   ');
    await user.type(within(dialog).getByLabelText('What it is for'), 'Hydration');
    expect(add).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Product name'), ' Rose Face Oil ');
    expect(add).toBeEnabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Evening' }));
    await user.click(add);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([
      {
        name: 'Rose Face Oil',
        type: 'cleanser',
        purpose: 'Hydration',
        application_time: 'evening',
        frequency: 'daily',
        notes: '',
      },
    ]);
    const evening = screen.getByRole('region', { name: 'Evening routine' });
    expect(await within(evening).findByText('Rose Face Oil')).toBeInTheDocument();
    expect(within(evening).getByText('1 product')).toBeInTheDocument();
  }, 20_000);
});

const retinal = routineProduct({ name: 'Retinal serum' });
const bha = routineProduct({ name: 'Salicylic acid toner', type: 'toner' });
const conflict = {
  id: `retinoid_with_acid:${retinal.id}:${bha.id}`,
  rule: 'retinoid_with_acid' as const,
  product_ids: [retinal.id, bha.id] as [string, string],
  application_time: 'evening' as const,
  message:
    'Retinal serum (a retinoid) and Salicylic acid toner (an exfoliating acid) share your evening routine: a retinoid and an exfoliating acid in one session can irritate the skin.',
  suggestions: [
    {
      kind: 'alternate' as const,
      label:
        'Retinal serum on Mon, Wed and Fri evenings, Salicylic acid toner on the other evenings (Tue, Thu, Sat and Sun)',
      changes: [
        { product_id: retinal.id, application_time: 'evening' as const, days: [1, 3, 5] },
        { product_id: bha.id, application_time: 'evening' as const, days: [2, 4, 6, 7] },
      ],
    },
    {
      kind: 'move' as const,
      label: 'Salicylic acid toner in the morning, Retinal serum in the evening',
      changes: [{ product_id: bha.id, application_time: 'morning' as const, days: [] }],
    },
  ],
};

describe('RoutineCard: conflicts', () => {
  afterEach(() => localStorage.clear());

  it('warns naming both products and applies the suggested split in one click', async () => {
    const split: unknown[] = [];
    fakeApi({
      'GET /api/routine': () => routineResponse({ evening: [retinal, bha], conflicts: [conflict] }),
      'GET /api/routine/history': () => [],
      'POST /api/routine/split': ({ body }) => {
        split.push(body);
        return routineResponse({
          evening: [
            { ...retinal, days: [1, 3, 5] },
            { ...bha, days: [2, 4, 6, 7] },
          ],
        });
      },
    });
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    const warning = await screen.findByTestId('routine-conflict');
    expect(warning).toHaveTextContent('Retinal serum (a retinoid)');
    expect(warning).toHaveTextContent('Salicylic acid toner (an exfoliating acid)');
    await user.click(
      within(warning).getByRole('button', {
        name: /Retinal serum on Mon, Wed and Fri evenings, Salicylic acid toner on the other evenings/,
      }),
    );
    expect(split).toEqual([{ changes: conflict.suggestions[0]!.changes }]);
    await waitFor(() => expect(screen.queryByTestId('routine-conflict')).not.toBeInTheDocument());
    const evening = screen.getByRole('region', { name: 'Evening routine' });
    expect(within(evening).getByText(/Mon, Wed, Fri/)).toBeInTheDocument();
    expect(within(evening).getByText(/Tue, Thu, Sat, Sun/)).toBeInTheDocument();
  });

  it('can be dismissed, and stays dismissed', async () => {
    fakeApi({
      'GET /api/routine': () => routineResponse({ evening: [retinal, bha], conflicts: [conflict] }),
      'GET /api/routine/history': () => [],
    });
    const first = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    const warning = await screen.findByTestId('routine-conflict');
    await first.user.click(within(warning).getByRole('button', { name: 'Keep as is' }));
    expect(screen.queryByTestId('routine-conflict')).not.toBeInTheDocument();
    first.unmount();
    renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    expect(await screen.findByText('Retinal serum')).toBeInTheDocument();
    expect(screen.queryByTestId('routine-conflict')).not.toBeInTheDocument();
  });
});

describe('RoutineCard: undo a removal', () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  function serve() {
    const deleted: string[] = [];
    const routine = routineResponse({ evening: [retinal, bha] });
    fakeApi({
      'GET /api/routine': () => ({
        ...routine,
        evening: routine.evening.filter((p) => !deleted.includes(p.id)),
      }),
      'GET /api/routine/history': () => [],
      'DELETE /api/routine/products/:id': ({ url }) => {
        deleted.push(url.split('/').pop()!);
        return new Response(null, { status: 204 });
      },
    });
    return deleted;
  }

  it('hides the step at once, brings it back with Undo, and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const deleted = serve();
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Remove Retinal serum' }));
    expect(screen.queryByText('Retinal serum')).not.toBeInTheDocument();
    const toasts = await screen.findByRole('region', { name: /Notification/ });
    expect(toasts).toHaveTextContent('Retinal serum removed from your routine.');
    await user.click(await within(toasts).findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Retinal serum')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 1000));
    expect(deleted).toEqual([]);
    expect(screen.getByText('Retinal serum')).toBeInTheDocument();
  });

  it('deletes on the server once the undo time is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const deleted = serve();
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Remove Salicylic acid toner' }));
    expect(deleted).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 100));
    await waitFor(() => expect(deleted).toEqual([bha.id]));
    expect(screen.queryByText('Salicylic acid toner')).not.toBeInTheDocument();
  });

  it('keeps the undo time standing while the toast has the keyboard’s focus (F8, then Tab to Undo)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const deleted = serve();
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Remove Retinal serum' }));
    const toasts = await screen.findByRole('region', { name: /Notification/ });
    const undo = await within(toasts).findByRole('button', { name: 'Undo' });
    act(() => undo.focus());
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 2000));
    // Still there, still undoable: nothing was sent behind it.
    expect(deleted).toEqual([]);
    await user.click(undo);
    expect(await screen.findByText('Retinal serum')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 1000));
    expect(deleted).toEqual([]);
  });

  it('a second removal carries out the first at once; each is sent once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const deleted = serve();
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Remove Retinal serum' }));
    await user.click(screen.getByRole('button', { name: 'Remove Salicylic acid toner' }));
    await waitFor(() => expect(deleted).toEqual([retinal.id]));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 1000));
    await waitFor(() => expect(deleted).toEqual([retinal.id, bha.id]));
  });

  it('carries out a removal left waiting by a reload', async () => {
    const deleted = serve();
    localStorage.setItem(
      'lumiskin_pending_removal',
      JSON.stringify({ id: retinal.id, name: retinal.name }),
    );
    renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    await waitFor(() => expect(deleted).toEqual([retinal.id]));
    expect(localStorage.getItem('lumiskin_pending_removal')).toBeNull();
  });

  it('sends the removal as the tab closes, by a request that outlives the page, and only once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const deleted = serve();
    const fetch = vi.mocked(globalThis.fetch);
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Remove Retinal serum' }));
    expect(localStorage.getItem('lumiskin_pending_removal')).not.toBeNull();
    act(() => void window.dispatchEvent(new Event('pagehide')));
    const sent = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(sent).toHaveLength(1);
    expect(sent[0]![1]).toMatchObject({ keepalive: true });
    // A page kept in the back-forward cache reads the answer: nothing is left for a next visit.
    await waitFor(() => expect(localStorage.getItem('lumiskin_pending_removal')).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS + 1000));
    expect(deleted).toEqual([retinal.id]);
    expect(screen.queryByText('Retinal serum')).not.toBeInTheDocument();
  });

  it('says nothing when a removal left by a closed tab had already got through', async () => {
    fakeApi({
      'GET /api/routine': () => routineResponse({ evening: [bha] }),
      'GET /api/routine/history': () => [],
      'DELETE /api/routine/products/:id': () =>
        new Response(JSON.stringify({ detail: 'Routine product not found', code: 'not_found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    localStorage.setItem(
      'lumiskin_pending_removal',
      JSON.stringify({ id: retinal.id, name: retinal.name }),
    );
    renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    expect(await screen.findByText('Salicylic acid toner')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('lumiskin_pending_removal')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Could not remove the product.')).not.toBeInTheDocument();
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
  });
});

describe('RoutineCard: consistency and check-offs', () => {
  it("says which scan a recommended step's purpose reads, and nothing for a step added by hand", async () => {
    fakeApi({
      'GET /api/routine': () =>
        routineResponse({
          morning: [
            routineProduct({
              name: 'ClearComplex',
              application_time: 'morning',
              purpose: 'Your scan shows room to improve in acne (46).',
              from_scan_date: '2026-09-25T11:00:00.000Z',
            }),
            routineProduct({ name: 'My own toner', application_time: 'morning' }),
          ],
        }),
      'GET /api/routine/history': () => [],
    });
    renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    const recommended = (await screen.findByText('ClearComplex')).closest('li')!;
    // en-GB writes September 'Sept' in recent ICU data, 'Sep' in older.
    expect(recommended).toHaveTextContent(/From your scan of 25 Sept? 2026/);
    const own = screen.getByText('My own toner').closest('li')!;
    expect(own).not.toHaveTextContent(/From your scan/);
  });

  it('shows days followed, and checking off today saves it', async () => {
    const sent: unknown[] = [];
    let current = routineResponse({
      evening: [retinal],
      consistency: consistency({
        last_7_days: { window_days: 7, counted_days: 4, followed_days: 2, percent: 50 },
      }),
    });
    fakeApi({
      'GET /api/routine': () => current,
      'GET /api/routine/history': () => [],
      'PUT /api/routine/check-offs': ({ body }) => {
        sent.push(body);
        current = routineResponse({
          evening: [retinal],
          consistency: consistency({
            checked_today: ['evening'],
            last_7_days: { window_days: 7, counted_days: 5, followed_days: 3, percent: 60 },
          }),
        });
        return current;
      },
    });
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    const summary = await screen.findByTestId('routine-summary');
    await waitFor(() => expect(summary).toHaveTextContent('50%'));
    expect(summary).toHaveTextContent('2 of 4 days followed');
    // The morning list is empty: nothing to check off there.
    expect(screen.queryByRole('button', { name: 'Mark morning done' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark evening done' }));
    expect(sent).toEqual([{ day: '2026-11-20', session: 'evening', done: true }]);
    await waitFor(() => expect(summary).toHaveTextContent('60%'));
    expect(screen.getByRole('button', { name: 'Evening done today' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('a page left open past midnight: the refused check-off reads the routine again, and the next one is for the new day', async () => {
    const sent: Array<{ day: string }> = [];
    let today = '2026-11-20';
    fakeApi({
      'GET /api/routine': () =>
        routineResponse({ evening: [retinal], consistency: consistency({ today }) }),
      'GET /api/routine/history': () => [],
      'PUT /api/routine/check-offs': ({ body }) => {
        const sentBody = body as { day: string };
        sent.push(sentBody);
        if (sentBody.day !== today)
          return new Response(
            JSON.stringify({ detail: 'Only today can be checked off.', code: 'validation_error' }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          );
        return routineResponse({
          evening: [retinal],
          consistency: consistency({ today, checked_today: ['evening'] }),
        });
      },
    });
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    const button = await screen.findByRole('button', { name: 'Mark evening done' });
    // Midnight passes while the page is open.
    today = '2026-11-21';
    await user.click(button);
    expect(await screen.findByText('Only today can be checked off.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    // The routine is read again: the next click is for the new day, and is saved.
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Mark evening done' }));
      expect(sent.at(-1)?.day).toBe('2026-11-21');
    });
    expect(await screen.findByRole('button', { name: 'Evening done today' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('RoutineCard: history and totals', () => {
  afterEach(() => localStorage.clear());

  const entry = (i: number, overrides: object = {}) => ({
    id: `h${i}`,
    date: `2026-11-${String(10 + i).padStart(2, '0')}T09:00:00.000Z`,
    change: `Added Product ${i} (evening)`,
    type: 'addition',
    reason: 'Added by you',
    ...overrides,
  });

  it('lists the newest changes in the page, the rest on request, with dates as dates', async () => {
    const entries = [
      entry(7, {
        type: 'setup',
        change: 'Routine set up from your analysis of 2026-12-05 (4 morning, 4 evening)',
        reason: 'Set up from your skin analysis',
      }),
      entry(6, {
        type: 'change',
        change: 'Moved Product 6 to the morning',
        reason: 'Changed by you',
      }),
      ...[5, 4, 3, 2, 1].map((i) => entry(i)),
    ];
    fakeApi({
      'GET /api/routine': () => routineResponse(),
      'GET /api/routine/history': () =>
        new Response(JSON.stringify(entries), {
          status: 200,
          headers: { 'content-type': 'application/json', 'x-total-count': '7' },
        }),
    });
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    const section = await screen.findByRole('region', { name: 'Routine History' });
    const list = await within(section).findByRole('list');
    // No box scrolling inside the page (it clipped the last entry on a phone).
    expect(list).not.toHaveAttribute('tabindex');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const [setUp, changed] = within(list).getAllByRole('listitem');
    expect(setUp).toHaveTextContent('Set upRoutine set up from your analysis of 5 Dec 2026');
    expect(setUp).not.toHaveTextContent('2026-12-05');
    // An edit in place says so (it read "Set up").
    expect(changed).toHaveTextContent(/^ChangedMoved Product 6 to the morning/);
    await user.click(within(section).getByRole('button', { name: 'Show all 7 changes' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    await user.click(within(section).getByRole('button', { name: 'Show fewer' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('counts a product used morning and evening once', async () => {
    const cleanser = { name: 'Gentle Cleanser', type: 'cleanser' as const };
    fakeApi({
      'GET /api/routine': () =>
        routineResponse({
          morning: [
            routineProduct({ ...cleanser, application_time: 'morning' }),
            routineProduct({ name: 'SPF 50', type: 'sunscreen', application_time: 'morning' }),
          ],
          evening: [routineProduct({ ...cleanser, name: 'gentle cleanser ' })],
        }),
      'GET /api/routine/history': () => [],
    });
    renderWithRouter([{ path: '/', element: <RoutineCard /> }], '/');
    const summary = await screen.findByTestId('routine-summary');
    expect(summary).toHaveTextContent(/^2Total products/);
  });
});

describe('RoutineCard: a link to it', () => {
  afterEach(() => vi.restoreAllMocks());

  it('comes into view for /dashboard#routine once its steps are there, and again when linked anew', async () => {
    let answer: (routine: RoutineResponse) => void = () => {};
    fakeApi({
      'GET /api/routine': () =>
        new Promise<RoutineResponse>((resolve) => {
          answer = resolve;
        }),
      'GET /api/routine/history': () => [],
    });
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { router } = renderWithRouter(
      [{ path: '/dashboard', element: <RoutineCard /> }],
      '/dashboard#routine',
    );
    const heading = await screen.findByRole('heading', { name: 'Skincare Routine' });
    const card = heading.closest('[data-slot="card"]');
    expect(card).toHaveAttribute('id', 'routine');
    expect(scrolled).toEqual([]);
    answer(routineResponse({ evening: [retinal] }));
    expect(await screen.findByText('Retinal serum')).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toEqual([card]));
    expect(card).toHaveFocus();
    // The bell's link followed while the dashboard is open.
    await act(() => router.navigate('/dashboard#routine'));
    await waitFor(() => expect(scrolled).toEqual([card, card]));
  });

  it('stays where it is on the dashboard without the link', async () => {
    fakeApi({
      'GET /api/routine': () => routineResponse({ evening: [retinal] }),
      'GET /api/routine/history': () => [],
    });
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderWithRouter([{ path: '/dashboard', element: <RoutineCard /> }], '/dashboard');
    expect(await screen.findByText('Retinal serum')).toBeInTheDocument();
    expect(scroll).not.toHaveBeenCalled();
  });
});
