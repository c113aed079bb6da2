import { afterEach, describe, expect, it } from 'vitest';
import type { Environment, Finding, MetricKey } from '@lumiskin/contract/analysis';
import { advise, createCatalogue, BASES, BOOSTERS } from '@lumiskin/skin-advice';
import { rewriteReport, type ChatReportConfig, type ChatReportInput } from './chat-report';
import { sendJson, sendText, startStub } from './stub-server.test-helper';

const environment: Environment = {
  uv_index: 5,
  uv_level: 'moderate',
  season: 'spring',
  hemisphere: 'northern',
  humidity: 50,
  temperature_c: 15,
  weather_source: 'live',
};

function makeInput(scores: Partial<Record<MetricKey, number>>): ChatReportInput {
  const findings: Finding[] = (Object.entries(scores) as [MetricKey, number][]).map(
    ([metric, score]) => ({
      metric,
      score,
      band: score >= 80 ? 'good' : score >= 60 ? 'fair' : 'poor',
      summary: `Measured ${metric}.`,
      regions: ['forehead'],
      confidence: 0.9,
      estimated: metric === 'hydration',
    }),
  );
  const overall_score = 70;
  const { recommendation, report } = advise({
    analysisType: 'quick',
    scores,
    overall_score,
    findings,
    profileSkinType: null,
    estimatedSkinType: 'oily',
    concerns: ['acne'],
    environment,
    catalogue: createCatalogue(BASES, BOOSTERS),
  });
  return { report, findings, recommendation, scores, overall_score };
}

const INPUT = makeInput({
  acne: 55,
  oiliness: 50,
  redness: 82,
  texture: 66,
  dark_spots: 80,
  radiance: 78,
  hydration: 85,
});
const DERM_INPUT = makeInput({
  acne: 30,
  oiliness: 50,
  redness: 82,
  texture: 66,
  dark_spots: 80,
  radiance: 78,
  hydration: 85,
});

function friendly(input: ChatReportInput, extra = '') {
  const r = input.recommendation;
  return [
    `Hi there! Your skin scored ${input.overall_score} overall, and there is lots to feel good about.`,
    `Your base is ${r.base.name}, used morning and evening.`,
    ...r.boosters.map((b) => `Add ${b.name} (${b.time_of_use}) for extra care.`),
    r.see_dermatologist
      ? 'A dermatologist can take a closer look in person, which we kindly suggest.'
      : '',
    extra,
  ].join('\n');
}

function completion(content: string | null, finish_reason = 'stop') {
  return {
    id: 'chatcmpl-123',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

const stubs: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (stubs.length) await stubs.pop()!.close();
});

async function stub(handler: Parameters<typeof startStub>[0]) {
  const s = await startStub(handler);
  stubs.push(s);
  const config: ChatReportConfig = {
    baseUrl: `${s.origin}/v1/`,
    apiKey: 'sk-test',
    model: 'test-model',
    timeoutMs: 2000,
  };
  return { ...s, config };
}

describe('chat report adapter: success', () => {
  it('POSTs an OpenAI-style chat completion and returns the model text', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, completion(friendly(INPUT))));
    const out = await rewriteReport(s.config, INPUT);
    expect(out).toEqual({ text: friendly(INPUT).trim(), source: 'llm' });

    const req = s.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.headers['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(req.body.toString('utf8'));
    expect(body.model).toBe('test-model');
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1].content).toContain(INPUT.report);
    expect(body.messages[1].content).toContain('"metric":"acne"');
    expect(body.messages[0].content).toMatch(/never diagnose/);
  });

  it('sends no Authorization header when no key is configured (local model servers)', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, completion(friendly(INPUT))));
    await rewriteReport({ ...s.config, apiKey: null }, INPUT);
    expect(s.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('keeps the dermatologist advice when it is warranted', async () => {
    expect(DERM_INPUT.recommendation.see_dermatologist).toBe(true);
    const s = await stub((_req, res) => sendJson(res, 200, completion(friendly(DERM_INPUT))));
    expect((await rewriteReport(s.config, DERM_INPUT)).source).toBe('llm');
  });
});

describe('chat report adapter: falls back to the engine text', () => {
  const cases: [string, Parameters<typeof startStub>[0], string][] = [
    [
      'HTTP 500',
      (_q, res) => sendJson(res, 500, { error: { message: 'boom', type: 'server_error' } }),
      'HTTP 500',
    ],
    [
      'HTTP 401',
      (_q, res) =>
        sendJson(res, 401, { error: { message: 'Incorrect API key', code: 'invalid_api_key' } }),
      'HTTP 401',
    ],
    ['HTTP 429', (_q, res) => sendJson(res, 429, { error: { message: 'Rate limit' } }), 'HTTP 429'],
    ['bad JSON', (_q, res) => sendText(res, 200, '{"choices": [', 'application/json'), 'bad JSON'],
    [
      'no choices',
      (_q, res) => sendJson(res, 200, { ...completion('x'), choices: [] }),
      'no choices in answer',
    ],
    ['null content', (_q, res) => sendJson(res, 200, completion(null)), 'no choices in answer'],
    ['empty content', (_q, res) => sendJson(res, 200, completion('   ')), 'answer too short'],
    [
      'a cut-off answer',
      (_q, res) => sendJson(res, 200, completion(friendly(INPUT), 'length')),
      'answer was cut off',
    ],
    [
      'a banned word',
      (_q, res) => sendJson(res, 200, completion(friendly(INPUT, 'This could be rosacea.'))),
      'answer uses a banned word',
    ],
    [
      'a dropped product name',
      (_q, res) =>
        sendJson(
          res,
          200,
          completion(friendly(INPUT).replaceAll(INPUT.recommendation.base.name, 'your base')),
        ),
      `answer drops ${INPUT.recommendation.base.name}`,
    ],
    [
      'added dermatologist advice',
      (_q, res) =>
        sendJson(res, 200, completion(friendly(INPUT, 'Please see a dermatologist soon.'))),
      'answer adds dermatologist advice',
    ],
  ];

  it.each(cases)('%s', async (_name, handler, reason) => {
    const s = await stub(handler);
    const out = await rewriteReport(s.config, INPUT);
    expect(out).toEqual({ text: INPUT.report, source: 'engine', fallback_reason: reason });
  });

  it('drops the answer when it leaves out warranted dermatologist advice', async () => {
    const withoutDerm = friendly(DERM_INPUT).replace(/.*dermatologist.*\n?/i, '');
    const s = await stub((_req, res) => sendJson(res, 200, completion(withoutDerm)));
    const out = await rewriteReport(s.config, DERM_INPUT);
    expect(out.source).toBe('engine');
    expect(out.text).toBe(DERM_INPUT.report);
  });

  it('a model that takes longer than the timeout', async () => {
    const s = await stub((_req, res) => {
      setTimeout(() => sendJson(res, 200, completion(friendly(INPUT))), 1500).unref();
    });
    const started = Date.now();
    const out = await rewriteReport({ ...s.config, timeoutMs: 150 }, INPUT);
    expect(out).toEqual({ text: INPUT.report, source: 'engine', fallback_reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it('a refused connection', async () => {
    const s = await stub((_req, res) => sendJson(res, 200, completion(friendly(INPUT))));
    await s.close();
    stubs.pop();
    const out = await rewriteReport(s.config, INPUT);
    expect(out.source).toBe('engine');
    expect(out.fallback_reason).toMatch(/^request failed/);
  });
});
