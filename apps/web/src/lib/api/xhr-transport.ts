/**
 * A request sent with XMLHttpRequest, for the one thing fetch cannot tell: how much of a body has
 * gone out (a scan's photos on a slow connection). The answer comes back as a `Response`, so the
 * API client treats it as any other (errors, 401, reachability).
 */
export function xhrTransport(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: XMLHttpRequestBodyInit;
    signal?: AbortSignal;
  },
  onUploadProgress: (sent: number, total: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.responseType = 'arraybuffer';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
    });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      settle();
      const body = xhr.status === 204 || xhr.status === 304 ? null : (xhr.response as ArrayBuffer);
      resolve(new Response(body, { status: xhr.status, headers: headersOf(xhr) }));
    });
    // As fetch does: no answer at all is a TypeError; an abort is the signal's reason.
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject((signal?.reason as Error | undefined) ?? new DOMException('Aborted', 'AbortError'));
    });
    xhr.send(init.body ?? null);
  });
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}
