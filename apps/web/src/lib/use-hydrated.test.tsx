import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Submit() {
  const hydrated = useHydrated();
  return <button disabled={!hydrated}>Sign in</button>;
}

describe('useHydrated', () => {
  it('is false in the server HTML, so a form cannot be sent before the app runs it', () => {
    expect(renderToString(<Submit />)).toMatch(/disabled/);
  });

  it('is true once React renders on the client', () => {
    render(<Submit />);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
