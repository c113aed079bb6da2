import { describe, expect, it } from 'vitest';
import { redactForLog, redactLogArguments } from './log-redaction';

describe('redactForLog', () => {
  it('hides secret keys at any depth, whatever their case', () => {
    const logged = {
      headers: { Authorization: 'Bearer abc', cookie: 'sid=1', 'x-api-key': 'k', accept: '*/*' },
      body: { form: { user: { password: 'p', Email: 'a@b.test', name: 'Ann' } } },
      list: [{ token: 't' }, { access_token: 'a' }, 'plain'],
      subscription: { endpoint: 'https://push', keys: { p256dh: 'x', auth: 'y' } },
    };
    expect(redactForLog(logged)).toEqual({
      headers: {
        Authorization: '[redacted]',
        cookie: '[redacted]',
        'x-api-key': '[redacted]',
        accept: '*/*',
      },
      body: { form: { user: { password: '[redacted]', Email: '[redacted]', name: 'Ann' } } },
      list: [{ token: '[redacted]' }, { access_token: '[redacted]' }, 'plain'],
      subscription: { endpoint: '[redacted]', keys: { p256dh: '[redacted]', auth: '[redacted]' } },
    });
    // the caller's objects are left as they were
    expect(logged.headers.Authorization).toBe('Bearer abc');
    expect(logged.body.form.user.password).toBe('p');
  });

  it('hides byte buffers (photos) and whatever lies too deep to walk', () => {
    const photo = Buffer.from('jpeg bytes');
    expect(redactForLog({ upload: { file: photo, raw: new Uint8Array(4) } })).toEqual({
      upload: { file: '[redacted]', raw: '[redacted]' },
    });
    let deep: Record<string, unknown> = { secret: 'deep' };
    for (let i = 0; i < 12; i++) deep = { next: deep };
    expect(JSON.stringify(redactForLog(deep))).not.toContain('deep');
  });

  it('walks an error logged under another key (JSON writes its own fields)', () => {
    const error = Object.assign(new Error('insert failed'), { parameters: ['a@b.test'] });
    const redacted = redactForLog({ failure: error }) as { failure: Record<string, unknown> };
    expect(JSON.stringify(redacted)).not.toContain('a@b.test');
    expect(redacted.failure.parameters).toBe('[redacted]');
  });

  it('returns what needs no hiding as it is, without copying', () => {
    const clean = { route: '/api/shop/products', statusCode: 200, tags: ['a', 'b'] };
    expect(redactForLog(clean)).toBe(clean);
    expect(redactForLog('text')).toBe('text');
    expect(redactForLog(null)).toBe(null);
  });

  it('keeps a class instance (a request) for its serializer', () => {
    class Request {
      headers = { authorization: 'Bearer abc' };
    }
    const request = new Request();
    expect(redactForLog({ req: request })).toEqual({ req: request });
  });
});

describe('redactLogArguments', () => {
  it('keeps errors for the err serializer and hides interpolated values', () => {
    const error = new Error('boom');
    const args = [{ err: error, body: { password: 'p' } }, 'login %o', { token: 't' }];
    const [merged, message, interpolated] = redactLogArguments(args) as [
      { err: Error; body: unknown },
      string,
      unknown,
    ];
    expect(merged.err).toBe(error);
    expect(merged.body).toEqual({ password: '[redacted]' });
    expect(message).toBe('login %o');
    expect(interpolated).toEqual({ token: '[redacted]' });
    const alone = [error, 'failed'];
    expect(redactLogArguments(alone)).toBe(alone);
  });
});
