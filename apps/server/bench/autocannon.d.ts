// The parts of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
  }
  interface Result {
    /** `total`: answers received in the run. */
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Bytes per second. */
    throughput: Histogram;
  }
  interface RequestSpec {
    method?: 'GET' | 'POST';
    path?: string;
    /** Called before each request; returns the request to send. */
    setupRequest?: (request: { path: string }) => { path: string };
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
    /** Requests per second over all connections (unset: as fast as the server answers). */
    overallRate?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
