import type { GeoPlace } from '@lumiskin/contract/geo';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LocationCard } from '@/features/scan/components/location-card';
import { fakeApi } from '@/testing/fake-api';
import { json, renderWithRouter } from '@/testing/test-utils';

const place = (name: string, lat: number): GeoPlace => ({
  name,
  city: name.split(',')[0]!,
  country_code: name.slice(-2),
  country_name: name.endsWith('GB') ? 'United Kingdom' : 'United States',
  lat,
  lon: -2.2,
  timezone: 'Europe/London',
  population: 500_000,
});
const manchester = place('Manchester, GB', 53.48);

function Harness() {
  const [location, setLocation] = useState('London, UK');
  const [editing, setEditing] = useState(true);
  return (
    <LocationCard
      location={location}
      via="last"
      detecting={false}
      editing={editing}
      onEditingChange={setEditing}
      onChange={setLocation}
      onDetect={() => {}}
    />
  );
}

function serveGazetteer() {
  const query = (url: string) => new URL(url, 'http://x').searchParams.get('q') ?? '';
  return fakeApi({
    'GET /api/geo/place': ({ url }) =>
      /^manchester/i.test(query(url))
        ? manchester
        : json(400, { detail: 'We could not find that place.', code: 'location_not_found' }),
    'GET /api/geo/search': ({ url }) => ({
      results: /^manc/i.test(query(url)) ? [manchester, place('Manchester, US', 42.99)] : [],
    }),
  });
}

describe('LocationCard: a typed city is checked as it is entered', () => {
  it('refuses a made-up city with real places to pick, and keeps the old location', async () => {
    serveGazetteer();
    const { user } = renderWithRouter([{ path: '/', element: <Harness /> }], '/');
    await user.type(screen.getByLabelText('City'), 'Manchestre Vale{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not find “Manchestre Vale”');
    expect(screen.getByTestId('scan-location')).toHaveTextContent('London, UK');
    expect(screen.queryByText('chosen by you')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Manchester, US' }));
    await waitFor(() =>
      expect(screen.getByTestId('scan-location')).toHaveTextContent('Manchester, US'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepts a real city at once', async () => {
    serveGazetteer();
    const { user } = renderWithRouter([{ path: '/', element: <Harness /> }], '/');
    await user.type(screen.getByLabelText('City'), 'Manchester, UK');
    await user.click(screen.getByRole('button', { name: 'Set' }));
    await waitFor(() =>
      expect(screen.getByTestId('scan-location')).toHaveTextContent('Manchester, UK'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
