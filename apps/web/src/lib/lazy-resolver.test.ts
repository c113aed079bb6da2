import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from '@/lib/lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const accepting: Resolver<FieldValues> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the real resolver at the first use, once, and answers with it', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ email: 'a@b.test' }, undefined, options)).toEqual({
      values: { email: 'a@b.test' },
      errors: {},
    });
    await resolver({ email: 'c@d.test' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts the import that the first use then takes', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const { resolver, preload } = lazyResolver(load);
    preload();
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({}, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the import again after it failed', async () => {
    const load = vi
      .fn<() => Promise<Resolver<FieldValues>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(accepting);
    const { resolver, preload } = lazyResolver(load);
    preload();
    await expect(resolver({}, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ a: 1 }, undefined, options)).toEqual({ values: { a: 1 }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
