import { afterEach, describe, expect, it } from 'vitest';
import {
  analyzeWithExternalSkinApi,
  binaryScore,
  countScore,
  mapSkinAnalyzeResult,
  SKIN_API_MAX_BYTES,
  type ExternalSkinApiConfig,
} from './external-skin-api';
import { sendJson, sendText, startStub } from './stub-server.test-helper';

// A few bytes standing in for a JPEG: the stub never decodes it, it only checks what was sent.
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 0xff, 0xd9]);

const bin = (value: 0 | 1 | '0' | '1', confidence: number) => ({ value, confidence });

/** Shape of the vendor's documented v1 sample: values as strings, skin_type a number with details beside it. */
const CLEAR_V1 = {
  image_reset: 'NTyDKpmLM7RklVcRyv2xPA==',
  request_id: '1528687092,efbe87f7-6c0f-4754-b108-afe8f42abe17',
  time_used: 666,
  face_rectangle: { top: 120, left: 140, width: 360, height: 360 },
  result: {
    left_eyelids: bin('0', 0.89),
    right_eyelids: bin('0', 0.89),
    eye_pouch: bin('0', 0.95),
    dark_circle: bin('0', 0.9),
    forehead_wrinkle: bin('0', 0.97),
    crows_feet: bin('0', 0.96),
    eye_finelines: bin('0', 0.9),
    glabella_wrinkle: bin('0', 0.98),
    nasolabial_fold: bin('0', 0.92),
    skin_type: 2,
    details: { '0': bin(0, 0.04), '1': bin(0, 0.05), '2': bin(1, 0.88), '3': bin(0, 0.03) },
    pores_forehead: bin('0', 1),
    pores_left_cheek: bin('0', 1),
    pores_right_cheek: bin('0', 1),
    pores_jaw: bin('0', 1),
    blackhead: bin('0', 1),
    acne: bin('0', 1),
    mole: bin('0', 1),
    skin_spot: bin('0', 1),
  },
};

/** The documented table's form: skin_type as an object { skin_type, details }, numeric values. */
const CONCERNS_V1 = {
  request_id: '1528687093,aaaa',
  time_used: 701,
  face_rectangle: { top: 80, left: 90, width: 400, height: 400 },
  warning: ['improper_headpose'],
  result: {
    eye_pouch: bin(1, 0.8),
    dark_circle: bin(1, 0.9),
    forehead_wrinkle: bin(0, 0.9),
    crows_feet: bin(1, 0.7),
    eye_finelines: bin(0, 0.6),
    glabella_wrinkle: bin(0, 0.9),
    nasolabial_fold: bin(1, 0.85),
    skin_type: {
      skin_type: 0,
      details: { 0: bin(1, 0.89), 1: bin(0, 0.01), 2: bin(0, 0.01), 3: bin(0, 0.09) },
    },
    pores_forehead: bin(1, 0.99),
    pores_left_cheek: bin(1, 0.95),
    pores_right_cheek: bin(1, 0.9),
    pores_jaw: bin(0, 0.9),
    blackhead: bin(1, 0.93),
    acne: bin(1, 0.96),
    mole: bin(0, 1),
    skin_spot: bin(1, 0.8),
  },
};

/** The richer ("Pro"/advanced) variant: detections as rectangles, counts and score_info. */
const PRO = {
  request_id: '1682933969,83f2a4aa',
  face_rectangle: { top: 336, left: 158, width: 409, height: 408 },
  error_code: 0,
  error_msg: '',
  result: {
    dark_circle: { value: 2, confidence: 1 },
    skin_type: { skin_type: 2, details: [bin(0, 0.02), bin(0, 0.004), bin(1, 0.97), bin(0, 0.01)] },
    acne: {
      rectangle: [
        { left: 1, top: 1, width: 5, height: 5 },
        { left: 9, top: 9, width: 5, height: 5 },
      ],
      confidence: [0.8, 0.7],
      polygon: [],
    },
    closed_comedones: {
      rectangle: [{ left: 20, top: 20, width: 4, height: 4 }],
      confidence: [0.6],
      polygon: [],
    },
    brown_spot: {
      rectangle: [{ left: 499, top: 576, width: 7, height: 8 }],
      confidence: [0.52],
      polygon: [],
    },
    blackhead_count: 40,
    score_info: {
      acne_score: 71,
      water_score: 98,
      rough_score: 90,
      sensitivity_score: 95,
      melanin_score: 80,
    },
  },
};

const stubs: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (stubs.length) await stubs.pop()!.close();
});

async function stub(handler: Parameters<typeof startStub>[0]) {
  const s = await startStub(handler);
  stubs.push(s);
  const config: ExternalSkinApiConfig = {
    url: `${s.origin}/facepp/v1/skinanalyze`,
    apiKey: 'test-key',
    apiSecret: 'test-secret',
    timeoutMs: 2000,
  };
  return { ...s, config };
}

function call(config: ExternalSkinApiConfig, image = JPEG) {
  const failures: string[] = [];
  return analyzeWithExternalSkinApi(config, image, { onFailure: (r) => failures.push(r) }).then(
    (result) => ({
      result,
      failures,
    }),
  );
}

describe('external skin API adapter: requests', () => {
  it('POSTs multipart form data with api_key, api_secret and image_base64', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, CLEAR_V1));
    await call(s.config);
    expect(s.requests).toHaveLength(1);
    const req = s.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/facepp/v1/skinanalyze');
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(req.body, {
      headers: { 'content-type': req.headers['content-type']! },
    }).formData();
    expect(form.get('api_key')).toBe('test-key');
    expect(form.get('api_secret')).toBe('test-secret');
    expect(form.get('image_base64')).toBe(Buffer.from(JPEG).toString('base64'));
  });
});

describe('external skin API adapter: documented response shapes', () => {
  it('maps a clear v1 result to high scores and the normal skin type', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, CLEAR_V1));
    const { result } = await call(s.config);
    expect(result).not.toBeNull();
    expect(result!.skinType).toBe('normal');
    expect(result!.skinTypeConfidence).toBeCloseTo(0.88);
    expect(result!.faceRectangle).toEqual({ top: 120, left: 140, width: 360, height: 360 });
    expect(result!.requestId).toBe(CLEAR_V1.request_id);
    for (const k of ['acne', 'dark_spots', 'blackheads', 'pores'] as const)
      expect(result!.scores[k]).toBe(92);
    for (const v of Object.values(result!.scores)) expect(v).toBeGreaterThanOrEqual(85);
    // What the API cannot see stays with the engine.
    expect(result!.scores.redness).toBeUndefined();
    expect(result!.scores.radiance).toBeUndefined();
  });

  it('maps detected concerns to lower scores, oily skin to low oiliness', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, CONCERNS_V1));
    const { result } = await call(s.config);
    expect(result!.skinType).toBe('oily');
    expect(result!.warnings).toEqual(['improper_headpose']);
    expect(result!.scores.acne).toBe(binaryScore(0.96));
    expect(result!.scores.acne).toBeLessThan(40);
    expect(result!.scores.blackheads).toBeLessThan(45);
    expect(result!.scores.dark_spots).toBeLessThan(50);
    expect(result!.scores.pores).toBeLessThan(60);
    expect(result!.scores.oiliness).toBeLessThan(45);
    expect(result!.scores.hydration).toBeGreaterThan(85);
    expect(result!.scores.dark_circles).toBeLessThan(45);
    expect(result!.scores.fine_lines).toBeLessThan(70);
  });

  it('reads the richer variant: rectangles, counts and score_info', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, PRO));
    const { result } = await call(s.config);
    expect(result!.skinType).toBe('normal');
    // score_info wins where present.
    expect(result!.scores.acne).toBe(71);
    expect(result!.scores.hydration).toBe(98);
    expect(result!.scores.texture).toBe(90);
    expect(result!.scores.sensitivity).toBe(95);
    expect(result!.scores.dark_spots).toBe(80);
    // counts where score_info is silent
    expect(result!.scores.blackheads).toBe(countScore(10));
    // dark_circle value 2 (a type of circle) counts as present
    expect(result!.scores.dark_circles).toBe(35);
  });

  it('counts acne boxes when no score_info is sent', () => {
    const { score_info: _drop, ...rest } = PRO.result;
    const mapped = mapSkinAnalyzeResult(rest);
    expect(mapped.scores.acne).toBe(countScore(3));
    expect(mapped.scores.dark_spots).toBe(countScore(1));
  });
});

describe('external skin API adapter: failures return null', () => {
  it.each([
    ['NO_FACE_FOUND', 400],
    ['INVALID_IMAGE_FACE', 400],
    ['AUTHENTICATION_ERROR', 401],
    ['CONCURRENCY_LIMIT_EXCEEDED', 403],
    ['INTERNAL_ERROR', 500],
  ])('error_message %s (HTTP %s)', async (message, status) => {
    const s = await stub((_req, res) =>
      sendJson(res, status, {
        time_used: 525,
        error_message: message,
        request_id: '1470378968,c6f5',
      }),
    );
    const { result, failures } = await call(s.config);
    expect(result).toBeNull();
    expect(failures).toEqual([`HTTP ${status}: ${message}`]);
  });

  it('an error_message even with a 200 status', async () => {
    const s = await stub((_req, res) =>
      sendJson(res, 200, { error_message: 'IMAGE_DOWNLOAD_TIMEOUT' }),
    );
    expect((await call(s.config)).result).toBeNull();
  });

  it('a plain-text 413 and a 500 with an HTML page', async () => {
    const a = await stub((_req, res) => sendText(res, 413, 'Request Entity Too Large'));
    expect((await call(a.config)).failures).toEqual(['HTTP 413: response is not JSON']);
    const b = await stub((_req, res) => sendText(res, 500, '<html>oops</html>', 'text/html'));
    expect((await call(b.config)).result).toBeNull();
  });

  it('bad JSON with a 200 status', async () => {
    const s = await stub((_req, res) =>
      sendText(res, 200, '{"result": {"acne": ', 'application/json'),
    );
    const { result, failures } = await call(s.config);
    expect(result).toBeNull();
    expect(failures[0]).toMatch(/not JSON/);
  });

  it('a 200 without a result, or with nothing usable in it', async () => {
    const a = await stub((_req, res) => sendJson(res, 200, { request_id: 'x', time_used: 3 }));
    expect((await call(a.config)).failures).toEqual(['no result in response']);
    const b = await stub((_req, res) => sendJson(res, 200, { result: { mole: 'x' } }));
    expect((await call(b.config)).failures).toEqual(['result had no usable fields']);
  });

  it('a server that never answers, within the timeout', async () => {
    const s = await stub(() => {
      /* never respond */
    });
    const started = Date.now();
    const { result, failures } = await call({ ...s.config, timeoutMs: 200 });
    expect(result).toBeNull();
    expect(failures).toEqual(['timeout']);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a server that sends headers then stalls the body', async () => {
    const s = await stub((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result":');
    });
    const { result, failures } = await call({ ...s.config, timeoutMs: 200 });
    expect(result).toBeNull();
    expect(failures).toEqual(['timeout']);
  });

  it('a refused connection', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, CLEAR_V1));
    const url = s.config.url;
    await s.close();
    stubs.pop();
    const { result, failures } = await call({ ...s.config, url });
    expect(result).toBeNull();
    expect(failures[0]).toMatch(/^request failed/);
  });

  it('an image over the 2 MB limit, without calling the API', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, CLEAR_V1));
    const { result } = await call(s.config, new Uint8Array(SKIN_API_MAX_BYTES + 1));
    expect(result).toBeNull();
    expect(s.requests).toHaveLength(0);
  });
});

describe('score mapping', () => {
  it('binaryScore runs from 92 (surely absent) to 35 (surely present)', () => {
    expect(binaryScore(0)).toBe(92);
    expect(binaryScore(1)).toBe(35);
    expect(binaryScore(0.5)).toBe(64);
    expect(binaryScore(2)).toBe(35);
  });

  it('countScore falls as counts grow and stays within 35-92', () => {
    const xs = [0, 1, 2, 3, 5, 8, 10, 15, 20, 50];
    const ys = xs.map(countScore);
    expect(ys[0]).toBe(92);
    expect(ys.at(-1)).toBe(35);
    for (let i = 1; i < ys.length; i++) expect(ys[i]!).toBeLessThanOrEqual(ys[i - 1]!);
  });
});
