/** Prometheus metrics: requests by operation and status, and a latency histogram per operation. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'operation' | 'status'>;
  private readonly latency: Histogram<'operation'>;

  constructor(withProcessMetrics = true) {
    this.requests = new Counter({
      name: 'meddoc_requests_total',
      help: 'Requests by operation and response status name',
      labelNames: ['operation', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'meddoc_request_duration_seconds',
      help: 'Request latency by operation',
      labelNames: ['operation'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30],
      registers: [this.registry],
    });
    if (withProcessMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'meddoc_' });
  }

  observe(operation: string, status: string, seconds: number): void {
    this.requests.inc({ operation, status });
    this.latency.observe({ operation }, seconds);
  }

  /** Images in progress and requests waiting for a turn, read when scraped. */
  watchAdmission(admission: { readonly active: number; readonly waiting: number }): void {
    this.readAtScrape('meddoc_images_in_progress', 'Images decoded and being worked on (A, C, B from an image)', () => admission.active);
    this.readAtScrape('meddoc_images_waiting', 'Requests with an image waiting for a turn (MEDDOC_IMAGES_IN_FLIGHT)', () => admission.waiting);
  }

  private readAtScrape(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
