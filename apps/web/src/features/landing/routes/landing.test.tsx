import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LandingRoute from '@/features/landing/routes/landing';
import { fakeApi } from '@/testing/fake-api';
import { apiError, LocationProbe, renderWithRouter } from '@/testing/test-utils';

describe('landing page', () => {
  it("a visitor's Start AI Scan opens sign-up, set to land on the scan", async () => {
    // The teasers' data is not this test's: they may fail quietly.
    fakeApi({}, () => apiError(404, 'Not found', 'not_found'));
    const { user } = renderWithRouter(
      [
        { path: '/', Component: LandingRoute },
        { path: '/register', element: <LocationProbe label="Sign-up" /> },
      ],
      '/',
    );
    const cta = await screen.findByRole('link', { name: 'Start AI Scan' });
    expect(cta).toHaveAttribute('href', '/register?redirect=%2Fscan');
    await user.click(cta);
    expect(await screen.findByText('Sign-up at /register?redirect=%2Fscan')).toBeInTheDocument();
  });
});
