import { ApiError } from '@lumiskin/contract/errors';
import {
  GeoErrorCode,
  GeoPlace,
  IpLookupResponse,
  ReverseQuery,
  ReverseResponse,
  SearchQuery,
  SearchResponse,
} from '@lumiskin/contract/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http/errors';
import { getGazetteer } from './gazetteer';
import { lookupIp } from './ip-lookup';

/** The gazetteer only changes with a new deploy. */
const CACHE_A_DAY = 'public, max-age=86400';

export const LOCATION_NOT_FOUND_DETAIL = 'Location not found. Please enter a valid city name.';

/**
 * /api/geo: where the scan happens, answered offline (GeoNames, IP2Location LITE), so the web app
 * needs no third-party geocoder: GPS → /reverse, then /ip, then its default; /search and /place
 * for the manual city field.
 */
const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The gazetteer (about a second of synchronous reading and indexing) is loaded by server.ts
  // before it listens, so it never blocks requests; elsewhere (tests with inject) on first use.

  app.get(
    '/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'Nearest town to a GPS fix',
        querystring: ReverseQuery,
        response: { 200: ReverseResponse, 400: ApiError },
      },
    },
    async (request, reply) => {
      const place = getGazetteer().nearest(request.query.lat, request.query.lon);
      if (place === null) {
        throw new HttpError(400, GeoErrorCode.locationNotFound, LOCATION_NOT_FOUND_DETAIL);
      }
      return reply.header('cache-control', CACHE_A_DAY).send(place);
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['geo'],
        summary: 'Towns whose name starts with the text, most populous first',
        querystring: SearchQuery,
        response: { 200: SearchResponse, 400: ApiError },
      },
    },
    async (request, reply) => {
      const results = getGazetteer().suggest(request.query.q);
      return reply.header('cache-control', CACHE_A_DAY).send({ results });
    },
  );

  app.get(
    '/place',
    {
      schema: {
        tags: ['geo'],
        summary: "The place a typed location means ('London, UK' → London, GB)",
        querystring: SearchQuery,
        response: { 200: GeoPlace, 400: ApiError },
      },
    },
    async (request, reply) => {
      const place = getGazetteer().find(request.query.q);
      if (place === null) {
        throw new HttpError(400, GeoErrorCode.locationNotFound, LOCATION_NOT_FOUND_DETAIL);
      }
      return reply.header('cache-control', CACHE_A_DAY).send(place);
    },
  );

  app.get(
    '/ip',
    {
      schema: {
        tags: ['geo'],
        summary: "The caller's country (largest town) from their IP address, or unknown",
        response: { 200: IpLookupResponse },
      },
    },
    async (request, reply) => {
      // request.ip honours X-Forwarded-For only when TRUST_PROXY is set.
      return reply.header('cache-control', 'private, no-store').send(lookupIp(request.ip));
    },
  );
};

export default geoRoutes;
