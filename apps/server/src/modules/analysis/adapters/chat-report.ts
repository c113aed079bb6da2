import type { Finding, MetricKey, Recommendation } from '@lumiskin/contract/analysis';
import { containsBannedWord } from '@lumiskin/skin-advice';

/**
 * Optional adapter: an OpenAI-compatible chat model rewrites the engine's report in a friendlier
 * voice. Off unless configured. The engine's text is always the fallback: any failure, timeout,
 * empty, truncated or unsafe answer returns our own text with source 'engine'.
 *
 * Wire format: POST {baseUrl}/chat/completions with { model, messages, temperature, max_tokens }
 * and `Authorization: Bearer <apiKey>` (omitted when no key, e.g. a local server); the answer is
 * choices[0].message.content (OpenAI Chat Completions API, also served by Ollama, vLLM, llama.cpp).
 *
 * Proposed env: LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS (default 8000).
 */

export interface ChatReportConfig {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (no trailing /chat/completions). */
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  timeoutMs?: number;
  /** Longest answer we ask for; a cut-off answer falls back to our text. */
  maxTokens?: number;
}

export interface ChatReportInput {
  /** The engine's report (full_response_text): returned unchanged on any failure. */
  report: string;
  findings: Finding[];
  recommendation: Recommendation;
  scores: Partial<Record<MetricKey, number>>;
  overall_score: number;
}

export interface ChatReportResult {
  text: string;
  source: 'llm' | 'engine';
  /** Why the engine's text was kept (for logs; never shown to the person). */
  fallback_reason?: string;
}

export interface ChatReportOptions {
  fetch?: typeof fetch;
}

export const DEFAULT_LLM_TIMEOUT_MS = 8000;
const MIN_ANSWER_CHARS = 80;

const SYSTEM_PROMPT = [
  'You are the friendly writer for Lumiskin, a cosmetic skin-care app. Rewrite the skin report you are given in a warm, encouraging, plain-English voice for the person who took the scan.',
  'Rules:',
  '- Keep every score, product name (base and boosters), routine step and its time of day exactly as given. Do not add products, ingredients or steps.',
  '- This is cosmetic guidance, not medicine: never diagnose, never name a disease or condition, never promise to cure or heal anything, never alarm.',
  '- If the report suggests seeing a dermatologist, keep that advice, kindly worded. If it does not, do not add it.',
  '- Plain text with short headings and simple "-" lists; no tables, no emojis; under 450 words.',
].join('\n');

export function buildChatMessages(input: ChatReportInput) {
  const facts = {
    overall_score: input.overall_score,
    scores: input.scores,
    findings: input.findings.map((f) => ({
      metric: f.metric,
      score: f.score,
      band: f.band,
      summary: f.summary,
      regions: f.regions,
      estimated: f.estimated,
    })),
    recommendation: {
      base: input.recommendation.base,
      boosters: input.recommendation.boosters,
      skin_type: input.recommendation.skin_type,
      spf: input.recommendation.spf,
      see_dermatologist: input.recommendation.see_dermatologist,
    },
  };
  return [
    { role: 'system' as const, content: SYSTEM_PROMPT },
    {
      role: 'user' as const,
      content: `Structured findings (JSON):\n${JSON.stringify(facts)}\n\nReport to rewrite:\n${input.report}`,
    },
  ];
}

/** Why an answer cannot be shown, or null when it is fine. */
export function checkAnswer(answer: string, input: ChatReportInput): string | null {
  if (answer.length < MIN_ANSWER_CHARS) return 'answer too short';
  if (containsBannedWord(answer)) return 'answer uses a banned word';
  const names = [
    input.recommendation.base.name,
    ...input.recommendation.boosters.map((b) => b.name),
  ];
  const missing = names.filter((n) => !answer.toLowerCase().includes(n.toLowerCase()));
  if (missing.length > 0) return `answer drops ${missing.join(', ')}`;
  const mentionsDerm = /dermatologist/i.test(answer);
  if (input.recommendation.see_dermatologist && !mentionsDerm)
    return 'answer drops the dermatologist advice';
  if (!input.recommendation.see_dermatologist && mentionsDerm)
    return 'answer adds dermatologist advice';
  return null;
}

export async function rewriteReport(
  config: ChatReportConfig,
  input: ChatReportInput,
  options: ChatReportOptions = {},
): Promise<ChatReportResult> {
  const fallback = (reason: string): ChatReportResult => ({
    text: input.report,
    source: 'engine',
    fallback_reason: reason,
  });
  const doFetch = options.fetch ?? fetch;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;

  let body: unknown;
  try {
    const res = await doFetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: config.model,
        messages: buildChatMessages(input),
        temperature: 0.4,
        max_tokens: config.maxTokens ?? 900,
      }),
      signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return fallback(`HTTP ${res.status}`);
    }
    body = await res.json();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return fallback('timeout');
    if (err instanceof SyntaxError) return fallback('bad JSON');
    return fallback(`request failed: ${err instanceof Error ? err.message : String(err)}`);
  }

  const choice = readFirstChoice(body);
  if (!choice) return fallback('no choices in answer');
  if (choice.finishReason === 'length') return fallback('answer was cut off');
  const text = choice.content.trim();
  const problem = checkAnswer(text, input);
  if (problem) return fallback(problem);
  return { text, source: 'llm' };
}

function readFirstChoice(body: unknown): { content: string; finishReason: string | null } | null {
  if (typeof body !== 'object' || body === null) return null;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const first = choices[0] as
    { message?: { content?: unknown }; finish_reason?: unknown } | undefined;
  const content = first?.message?.content;
  if (typeof content !== 'string') return null;
  return {
    content,
    finishReason: typeof first?.finish_reason === 'string' ? first.finish_reason : null,
  };
}
