import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { createUser } from '@/testing/test-utils';

const account = createUser();

describe('ProfileHeader improvement', () => {
  it('shows a change between comparable scans as a rise', () => {
    render(
      <ProfileHeader
        account={account}
        scanCount={3}
        improvement={{ percent: 4, unlike: null, newMethods: [] }}
      />,
    );
    const figure = screen.getByTestId('profile-improvement');
    expect(figure).toHaveTextContent('+4%');
    expect(figure).not.toHaveTextContent(/possibly/);
    expect(figure.querySelector('.text-success')).not.toBeNull();
  });

  it('mutes a change since a scan taken nearer the camera and says why', () => {
    render(
      <ProfileHeader
        account={account}
        scanCount={3}
        improvement={{ percent: 9, unlike: ['distance'], newMethods: [] }}
      />,
    );
    const figure = screen.getByTestId('profile-improvement');
    expect(figure).toHaveTextContent('+9%');
    expect(screen.getByRole('button', { name: 'possibly the distance' })).toBeVisible();
    expect(figure.querySelector('.text-success')).toBeNull();
  });

  it('gives no figure when the scans measured one of the five differently, and says why', () => {
    render(
      <ProfileHeader
        account={account}
        scanCount={3}
        improvement={{ percent: null, unlike: null, newMethods: ['radiance', 'hydration'] }}
      />,
    );
    const figure = screen.getByTestId('profile-improvement');
    expect(figure).toHaveTextContent('Not comparable');
    expect(figure).not.toHaveTextContent('%');
    expect(screen.getByTestId('method-note')).toHaveTextContent(
      'Radiance, Hydration: measured with an updated method — not comparable with earlier scans',
    );
  });
});
