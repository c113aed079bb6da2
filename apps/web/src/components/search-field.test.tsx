import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { SearchField } from '@/components/search-field';

it('searches for what was typed into the server-rendered box before the app took it over', async () => {
  const onChange = vi.fn();
  const field = (
    <SearchField
      value=""
      onChange={onChange}
      label="Search products"
      placeholder="Search"
      delayMs={10}
    />
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(field);
  document.body.append(container);
  const box = container.querySelector('input');
  if (!box) throw new Error('no search box');
  box.value = 'niacin'; // typed while the page was HTML only

  const root = await act(async () => hydrateRoot(container, field));
  await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith('niacin'));
  expect(box.value).toBe('niacin');
  act(() => root.unmount());
  container.remove();
});
