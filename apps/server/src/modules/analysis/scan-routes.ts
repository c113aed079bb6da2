import { Analysis } from '@lumiskin/contract/analysis-api';
import {
  AnalysisType,
  CAPTURE_ANGLES,
  ScanConcern,
  type CaptureAngle,
} from '@lumiskin/contract/analysis';
import { DEVICE_SCAN_MAX_BYTES, DeviceScanBody } from '@lumiskin/contract/device-scan';
import { ApiError } from '@lumiskin/contract/errors';
import { SettingsErrorCode, SettingsMessages } from '@lumiskin/contract/settings';
import {
  EXTRA_ANGLES,
  SCAN_MAX_BYTES,
  ScanBody,
  ScanError,
  ScanErrorCode,
  ScanJob,
  ScanMessages,
} from '@lumiskin/contract/scan';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { acceptUploads } from '../../http/uploads';
import { enforceLimit } from '../auth/rate-limits';
import { defaultAnalysisConfig } from './config';
import { saveDeviceScan } from './device-service';
import { decodeImageData, ImageError } from './image';
import { PoolBusyError } from './pool';
import { queueScan } from './scan-queue';
import { runScan, ScanFailure, type ScanInput } from './scan-service';

const scanErrors = {
  400: ScanError,
  401: ApiError,
  403: ScanError,
  413: ScanError,
  415: ScanError,
  422: ScanError,
  429: ApiError,
  503: ScanError,
};
/**
 * The whole JSON body, base64 photos included, is capped like one multipart file (10 MB): camera
 * captures are a few hundred KB each, and the web app uploads them as multipart anyway.
 */
const JSON_SCAN_BODY_LIMIT = SCAN_MAX_BYTES;

/** Multipart text fields of /scan-upload, validated like the JSON body. */
const UploadFields = z.object({
  // JSON bodies are checked for NUL by plugins/request-guards.ts; multipart fields here.
  location: z
    .string()
    .max(200)
    .refine((value) => !value.includes('\0'), 'must not contain NUL characters')
    .optional(),
  analysis_type: AnalysisType.default('quick'),
  concerns: z.array(ScanConcern).max(8).default([]),
  angles: z.array(z.enum(CAPTURE_ANGLES)).max(2).default([]),
});

/** `concerns` may come as repeated fields, a comma list or a JSON array. */
function listField(values: string[]): string[] {
  return values.flatMap((v) => {
    const text = v.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.map(String);
      } catch {
        // not JSON: fall through to the comma list
      }
    }
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });
}

/**
 * What both scan routes share: the sign-in-then-limits gate, the scan slots (decision 072) and the
 * run itself, inline or queued.
 */
function scanAdmission(app: FastifyInstance) {
  const config = app.config.analysis ?? defaultAnalysisConfig;
  const storage = app.photoStorage;
  const deps = {
    db: app.db,
    storage,
    pool: app.scanPool,
    weather: app.weather,
    config,
    catalogue: () => app.catalogue.get(),
    saved: (userId: string) => app.forgetUser(userId),
    log: app.log,
  };
  /**
   * The scan routes' own limit: a scan may wait for a worker behind others (the queue), so the
   * app-wide handlerTimeout (30 s) would turn a busy pool into 503s; never shorter than that.
   */
  const scanTimeoutMs = Math.max(config.timeoutMs, app.config.requestTimeoutMs);

  const perUser = app.createRateLimit({
    max: config.ratePerHour,
    timeWindow: 60 * 60_000,
    keyGenerator: (req) => `scan:${req.auth?.user.id ?? req.ip}`,
  });
  /**
   * Signed in (the route declares bearer security), then at most `ratePerHour` scans per person
   * (the engine is the costly part).
   */
  async function scanGate(request: FastifyRequest, reply: FastifyReply) {
    // An admin may pause new scans (admin settings), e.g. while the analysis service misbehaves.
    if (!(await app.settings.get()).scans_open) {
      throw new HttpError(503, SettingsErrorCode.scansPaused, SettingsMessages.scansPaused);
    }
    await enforceLimit(
      perUser,
      request,
      reply,
      (wait) =>
        `You have reached ${config.ratePerHour} scans in an hour. Please try again in ${wait}.`,
    );
  }

  /**
   * Decision 072: a scan's body is read only once it holds a scan slot (preParsing runs after the
   * sign-in and limits, before the body), so waiting uploads cost a socket, not their photos or
   * pixels; too many waiting: 503 at once. Released when the scan's work ends or the answer went.
   */
  const slotReleases = new WeakMap<FastifyRequest, () => void>();
  /** Requests whose handler runs: their slot is released when the work ends, not on an abort. */
  const working = new WeakSet<FastifyRequest>();
  const releaseSlot = async (request: FastifyRequest) => {
    slotReleases.get(request)?.();
  };
  const scanSlotHooks = {
    preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      try {
        const release = await app.scanSlots.acquire();
        slotReleases.set(request, release);
        // Gone while waiting: hand the slot on at once.
        if (request.raw.destroyed) release();
      } catch (error) {
        if (!(error instanceof PoolBusyError)) throw error;
        throw new ScanFailure(
          503,
          ScanErrorCode.busy,
          'Lots of people are scanning right now. Please try again in a minute.',
        );
      }
      return payload;
    },
    onResponse: releaseSlot,
    onRequestAbort: async (request: FastifyRequest) => {
      if (!working.has(request)) await releaseSlot(request);
    },
  };

  async function scan(
    request: FastifyRequest,
    reply: FastifyReply,
    input: Omit<ScanInput, 'user'>,
  ) {
    working.add(request);
    try {
      return await scanHoldingSlot(request, reply, input);
    } finally {
      // The pixels are gone with the work: the next scan may start while this answer is sent.
      await releaseSlot(request);
    }
  }

  async function scanHoldingSlot(
    request: FastifyRequest,
    reply: FastifyReply,
    input: Omit<ScanInput, 'user'>,
  ) {
    if (config.mode === 'queue') {
      // Checked like an inline scan (same 4xx answers), stored and queued: 202 with the job.
      const job = await queueScan(
        { ...deps, log: request.log, jobs: app.jobs, now: app.config.now },
        { ...input, user: request.user },
      );
      return reply.code(202).header('location', job.status_url).send(job);
    }
    // A ScanFailure thrown on the way goes to the one error handler (plugins/errors.ts).
    const analysis = await runScan(
      { ...deps, log: request.log },
      {
        ...input,
        user: request.user,
        // Not request.signal: Node ends the request stream (and Fastify aborts that signal) as
        // soon as the body is read. What matters is whether our answer can still reach them:
        // the timeout already sent a 503, or the connection is gone.
        isAbandoned: () => reply.sent || reply.raw.destroyed,
      },
    );
    return reply.code(201).send(analysis);
  }

  return { scanTimeoutMs, scanGate, scanSlotHooks, scan, deps };
}

/** POST /api/analysis/scan (JSON body) and /scan-upload (multipart): one skin scan. */
export const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app);
  const { scanTimeoutMs, scanGate, scanSlotHooks, scan, deps } = scanAdmission(app);

  app.post(
    '/device',
    {
      // The scans' gate and hourly limit (a device scan is stored and interpreted like any); no
      // scan slot: no pixels reach the server (decision 100).
      onRequest: scanGate,
      bodyLimit: DEVICE_SCAN_MAX_BYTES,
      schema: {
        tags: ['analysis'],
        summary:
          'Store a scan analysed on your own device: the engine result and scan options, never the photo',
        security: [{ bearer: [] }],
        body: DeviceScanBody,
        response: { 201: Analysis, 409: ScanError, ...scanErrors },
      },
    },
    async (request, reply) => {
      const analysis = await saveDeviceScan(
        { ...deps, log: request.log },
        request.user,
        request.body,
      );
      return reply.code(201).send(analysis);
    },
  );

  app.post(
    '/scan',
    {
      onRequest: scanGate,
      ...scanSlotHooks,
      bodyLimit: JSON_SCAN_BODY_LIMIT,
      handlerTimeout: scanTimeoutMs,
      schema: {
        tags: ['analysis'],
        summary: 'Analyse a face photo sent as a data URL or base64 (plus extra angles)',
        security: [{ bearer: [] }],
        body: ScanBody,
        response: { 201: Analysis, 202: ScanJob, ...scanErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      let front: Buffer;
      const extras: ScanInput['extras'] = [];
      try {
        front = decodeImageData(body.image_data);
        body.images.forEach((extra, i) => {
          const angle: CaptureAngle =
            typeof extra === 'string' ? (EXTRA_ANGLES[i] ?? 'left') : extra.angle;
          extras.push({
            angle,
            bytes: decodeImageData(typeof extra === 'string' ? extra : extra.image_data),
          });
        });
      } catch (error) {
        if (!(error instanceof ImageError)) throw error;
        throw error.reason === 'too_many_bytes'
          ? new ScanFailure(413, ScanErrorCode.payloadTooLarge, error.message, 'image_too_large')
          : new ScanFailure(415, ScanErrorCode.validation, error.message, error.reason);
      }
      return scan(request, reply, {
        front,
        extras,
        location: body.location,
        analysisType: body.analysis_type,
        concerns: body.concerns,
      });
    },
  );

  app.post(
    '/scan-upload',
    {
      onRequest: scanGate,
      ...scanSlotHooks,
      handlerTimeout: scanTimeoutMs,
      schema: {
        tags: ['analysis'],
        summary:
          'Analyse an uploaded face photo (multipart: image, location, and optional images, analysis_type, concerns)',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: Analysis, 202: ScanJob, ...scanErrors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new ScanFailure(
          415,
          ScanErrorCode.validation,
          'Send the photo as multipart/form-data with an "image" file.',
          'no_image',
        );
      }
      let front: Buffer | null = null;
      const extraFiles: Buffer[] = [];
      const fields: Record<string, string[]> = {};
      // Each file is read into memory up to 10 MB; a bigger one stops the upload with 413.
      for await (const part of request.parts({
        limits: { files: 3, fileSize: SCAN_MAX_BYTES, fields: 20, fieldSize: 64 * 1024 },
      })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'image' && front === null) front = bytes;
          else if (part.fieldname === 'images' || part.fieldname === 'image')
            extraFiles.push(bytes);
        } else {
          (fields[part.fieldname] ??= []).push(String(part.value));
        }
      }
      const parsed = UploadFields.safeParse({
        location: fields.location?.[0],
        analysis_type: fields.analysis_type?.[0] || undefined,
        concerns: listField(fields.concerns ?? []),
        angles: listField(fields.angles ?? []),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ScanFailure(
          400,
          ScanErrorCode.validation,
          `${issue?.path.join('.') ?? 'request'}: ${issue?.message ?? 'invalid'}`,
        );
      }
      if (!front || front.length === 0) {
        throw new ScanFailure(400, ScanErrorCode.validation, ScanMessages.noImage, 'no_image');
      }
      if (extraFiles.length > 2) {
        throw new ScanFailure(
          400,
          ScanErrorCode.validation,
          'At most two extra angles can be sent.',
        );
      }
      return scan(request, reply, {
        front,
        extras: extraFiles.map((bytes, i) => ({
          bytes,
          angle: parsed.data.angles[i] ?? EXTRA_ANGLES[i] ?? 'left',
        })),
        location: parsed.data.location,
        analysisType: parsed.data.analysis_type,
        concerns: parsed.data.concerns,
      });
    },
  );
};
