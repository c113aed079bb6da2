import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WelcomeHeading } from '@/features/dashboard/components/welcome-heading';

afterEach(() => localStorage.clear());

describe('WelcomeHeading', () => {
  it('says "Welcome" on the first visit and "Welcome back" after it, per user', () => {
    const ada = { id: 'usr_ada', name: 'Ada' };
    const first = render(<WelcomeHeading user={ada} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome, Ada$/);
    first.unmount();

    const again = render(<WelcomeHeading user={ada} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome back, Ada$/);
    again.unmount();

    render(<WelcomeHeading user={{ id: 'usr_bob', name: 'Bob' }} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome, Bob$/);
  });
});
