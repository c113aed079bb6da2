import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LoginRoute from '@/features/auth/routes/login';
import { renderWithRouter } from '@/testing/test-utils';

describe('login page', () => {
  it('says why a visitor was sent here from the checkout: the mix is kept', async () => {
    renderWithRouter([{ path: '/login', Component: LoginRoute }], '/login?redirect=%2Fcheckout');
    expect(
      await screen.findByText(
        'Sign in or create an account to check out: your mix is kept for you.',
      ),
    ).toBeInTheDocument();
  });

  it('says what signing in is for when nothing sent the visitor', async () => {
    renderWithRouter([{ path: '/login', Component: LoginRoute }], '/login');
    expect(
      await screen.findByText(
        'Sign in to see your skin scores, your routine and your quiz streak.',
      ),
    ).toBeInTheDocument();
  });
});
