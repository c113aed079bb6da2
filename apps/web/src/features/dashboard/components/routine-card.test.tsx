import type { RoutineProduct, RoutineResponse } from '@lumiskin/contract/routine';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoutineCard } from '@/features/dashboard/components/routine-card';
import { fakeApi, reply } from '@/testing/fake-api';
import { renderWithRouter } from '@/testing/test-utils';

function serveRoutine() {
  const routine: RoutineResponse = { morning: [], evening: [] };
  const posted: unknown[] = [];
  const fetch = fakeApi({
    'GET /api/routine': () => routine,
    'GET /api/routine/history': () =>
      new Response('[]', { status: 200, headers: { 'x-total-count': '3' } }),
    'POST /api/routine/products': ({ body: sent }) => {
      const body = sent as Omit<RoutineProduct, 'id' | 'added_date'>;
      posted.push(body);
      const product: RoutineProduct = { ...body, id: 'p1', added_date: new Date().toISOString() };
      routine[body.application_time].push(product);
      return reply('POST /api/routine/products', product, 201);
    },
  });
  return { fetch, posted };
}

describe('RoutineCard', () => {
  it('keeps Add disabled until name and purpose hold more than blanks, then adds the product', async () => {
    const { posted } = serveRoutine();
    const { user } = renderWithRouter([{ path: '/', element: <RoutineCard scanCount={2} /> }], '/');

    // Summary tiles: 3 changes over 2 scans is 150%, shown capped at 100%.
    expect(await screen.findByText('Routine consistency')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('routine-summary')).toHaveTextContent('100%'));

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
