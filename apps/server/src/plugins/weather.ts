import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultAnalysisConfig } from '../modules/analysis/config';
import { createOpenMeteoClient, type WeatherClient } from '../modules/geo/weather';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live humidity and temperature, or null when no weather service is configured. */
    weather: WeatherClient | null;
  }
}

/** Stateless HTTP calls with their own timeout: nothing to close. */
async function weatherPlugin(app: FastifyInstance) {
  const { weather } = app.config.analysis ?? defaultAnalysisConfig;
  app.decorate(
    'weather',
    weather
      ? createOpenMeteoClient({
          baseUrl: weather.url,
          timeoutMs: weather.timeoutMs,
          onError: (error) => app.log.warn({ err: error }, 'weather: no live reading'),
        })
      : null,
  );
}

export default fp(weatherPlugin, { name: 'weather' });
