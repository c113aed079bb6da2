import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostStats } from '@/features/learn/components/post-meta';

describe('PostStats', () => {
  it('reads "1 view", "1 like" in the singular and formats larger counts', () => {
    const { container, rerender } = render(<PostStats views={1} likes={1} />);
    expect(container).toHaveTextContent(/^1 view1 like$/);
    rerender(<PostStats views={12_400} likes={0} />);
    expect(container).toHaveTextContent(/^12,400 views0 likes$/);
  });
});
