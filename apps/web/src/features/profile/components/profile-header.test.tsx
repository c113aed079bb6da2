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
        improvement={{
          points: 4,
          kind: 'up',
          unlike: null,
          newMethods: [],
          since: '2026-09-26T08:00:00.000Z',
        }}
      />,
    );
    const figure = screen.getByTestId('profile-improvement');
    expect(figure).toHaveTextContent('+4 pts');
    expect(figure).toHaveTextContent('up 4 points');
    // What it compares: the five-score average now against the scan of that day.
    expect(figure).toHaveTextContent('since 26 Sept');
    expect(figure).not.toHaveTextContent(/possibly/);
    expect(figure.querySelector('.text-success')).not.toBeNull();
  });

  it('mutes a change since a scan taken nearer the camera and says why', () => {
    render(
      <ProfileHeader
        account={account}
        scanCount={3}
        improvement={{
          points: 9,
          kind: 'up',
          unlike: ['distance'],
          newMethods: [],
          since: '2026-09-26T08:00:00.000Z',
        }}
      />,
    );
    const figure = screen.getByTestId('profile-improvement');
    expect(figure).toHaveTextContent('+9 pts');
    expect(screen.getByRole('button', { name: 'possibly the distance' })).toBeVisible();
    expect(figure.querySelector('.text-success')).toBeNull();
  });

  it('gives no figure when the scans measured one of the five differently, and says why', () => {
    render(
      <ProfileHeader
        account={account}
        scanCount={3}
        improvement={{
          points: null,
          kind: null,
          unlike: null,
          newMethods: ['radiance', 'hydration'],
          since: '2026-09-26T08:00:00.000Z',
        }}
      />,
    );
    const figure = screen.getByTestId('profile-improvement');
    expect(figure).toHaveTextContent('Not comparable');
    expect(figure).not.toHaveTextContent('pts');
    expect(screen.getByTestId('method-note')).toHaveTextContent(
      'Radiance, Hydration: measured with an updated method — not comparable with earlier scans',
    );
  });

  it('reads a change within the noise band as no change, in neither colour', () => {
    render(
      <ProfileHeader
        account={account}
        scanCount={3}
        improvement={{
          points: -1,
          kind: 'same',
          unlike: null,
          newMethods: [],
          since: '2026-09-26T08:00:00.000Z',
        }}
      />,
    );
    const figure = screen.getByTestId('profile-improvement');
    expect(figure).toHaveTextContent('No change');
    expect(figure).not.toHaveTextContent('pts');
    expect(figure.querySelector('.text-success, .text-destructive')).toBeNull();
  });
});
