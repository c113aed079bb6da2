import { describe, expect, it } from 'vitest';
import { serializeState, stateScript, SSR_STATE_ID } from '@/ssr-state';

describe('the data block of a server-rendered page', () => {
  const hostile = {
    title: '</script><script>alert(1)</script>',
    comment: '<!-- <script>',
    amp: 'a & b > c',
    separators: 'line\u2028para\u2029',
  };

  it('cannot be closed or broken out of by any value, and reads back unchanged', () => {
    const text = serializeState(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('is one JSON block the browser does not run', () => {
    const html = stateScript(hostile);
    expect(html.startsWith(`<script type="application/json" id="${SSR_STATE_ID}">`)).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
