import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiRequestError } from '@/lib/api/api-client';
import { isServerReachable, reportReachable } from '@/lib/platform/connection';
import { saveSession } from '@/lib/platform/storage';
import { createUser } from '@/testing/test-utils';

/** The XMLHttpRequest a browser gives, driven by the test: upload progress, then an answer. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null;
  upload = new EventTarget();
  status = 0;
  response: ArrayBuffer | null = null;
  responseType = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  answerHeaders = '';
  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  getAllResponseHeaders() {
    return this.answerHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }),
    );
  }
  answer(status: number, body: string, headers = 'content-type: application/json\r\n') {
    this.status = status;
    this.response = new TextEncoder().encode(body).buffer as ArrayBuffer;
    this.answerHeaders = headers;
    this.dispatchEvent(new Event('load'));
  }
}

const sendUpload = (onUploadProgress: (sent: number, total: number) => void) => {
  const form = new FormData();
  form.append('image', new Blob(['jpeg']), 'face.jpg');
  return apiRequest<{ id: string }>('/analysis/scan-upload', {
    method: 'POST',
    body: form,
    onUploadProgress,
  });
};

afterEach(() => {
  vi.unstubAllGlobals();
  reportReachable(true);
});

describe('a request that reports its upload (a scan on a slow connection)', () => {
  it('tells how much has gone out, and gives the answer as any other request', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    saveSession({ token: 'tok_upload', user: createUser() });
    const progress = vi.fn();
    const request = sendUpload(progress);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/analysis/scan-upload');
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(xhr.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer tok_upload',
    });

    xhr.progress(40_000, 100_000);
    xhr.progress(100_000, 100_000);
    expect(progress.mock.calls).toEqual([
      [40_000, 100_000],
      [100_000, 100_000],
    ]);
    xhr.answer(201, JSON.stringify({ id: 'scan_1' }));
    await expect(request).resolves.toEqual({ id: 'scan_1' });
  });

  it("a refusal is the server's error, with its sentence and code", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const request = sendUpload(() => {});
    FakeXhr.last!.answer(
      422,
      JSON.stringify({ detail: 'No face was found in the photo', code: 'no_face' }),
    );
    const error: unknown = await request.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 422,
      code: 'no_face',
      detail: 'No face was found in the photo',
    });
  });

  it('no answer at all marks the server unreachable, as fetch does', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const request = sendUpload(() => {});
    FakeXhr.last!.dispatchEvent(new Event('error'));
    await expect(request).rejects.toBeInstanceOf(TypeError);
    expect(isServerReachable()).toBe(false);
  });

  it('an abort ends the upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const form = new FormData();
    const request = apiRequest('/analysis/scan-upload', {
      method: 'POST',
      body: form,
      signal: controller.signal,
      onUploadProgress: () => {},
    });
    const abort = vi.spyOn(FakeXhr.last!, 'abort');
    controller.abort();
    expect(abort).toHaveBeenCalledOnce();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(isServerReachable()).toBe(true);
  });
});
