/**
 * Admission of image work: at most `inFlight` images are decoded and worked on at once; later
 * requests wait their turn in arrival order.
 *
 * Why: a decoded page is large (a 2500 x 3500 scan is 26 MB of RGB, and A/C make crops, warps and
 * paled copies of it), while the CPU can only work on about one image per core at a time. Without
 * a gate every concurrent request decodes at once and waits inside the OCR and analysis queues
 * holding its pixels, so memory grows with the number of clients. A waiting request holds only
 * its compressed upload (at most 5 MB). Past `queueLimit` waiting requests, or after `waitMs` in
 * line, the call answers busy (retry), like the engines' own queues (docs/compat.md).
 */

export interface AdmissionOptions {
  /** Images decoded and worked on at once (>= 1). */
  inFlight: number;
  /** Requests that may wait for a turn; one more is refused at once. */
  queueLimit: number;
  /** Longest wait for a turn before the call is refused. */
  waitMs: number;
}

/** The request could not get a turn: the line was full, or its wait ran out. */
export class AdmissionBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdmissionBusyError';
  }
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout | null;
}

export class ImageAdmission {
  readonly options: AdmissionOptions;
  private running = 0;
  private readonly line: Waiter[] = [];

  constructor(options: AdmissionOptions) {
    if (!Number.isInteger(options.inFlight) || options.inFlight < 1) throw new RangeError(`inFlight must be a whole number >= 1, got ${options.inFlight}`);
    this.options = options;
  }

  /** Images being worked on now. */
  get active(): number {
    return this.running;
  }

  /** Requests waiting for a turn now. */
  get waiting(): number {
    return this.line.length;
  }

  /** Runs `work` once a turn is free; the turn is given back however `work` ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.inFlight && this.line.length === 0) {
      this.running++;
      return Promise.resolve();
    }
    if (this.line.length >= this.options.queueLimit) {
      return Promise.reject(
        new AdmissionBusyError(`${this.running} images in progress and ${this.line.length} waiting (MEDDOC_IMAGE_QUEUE=${this.options.queueLimit})`),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          resolve();
        },
        timer: null,
      };
      waiter.timer = setTimeout(() => {
        const at = this.line.indexOf(waiter);
        if (at >= 0) this.line.splice(at, 1);
        reject(new AdmissionBusyError(`no turn within ${this.options.waitMs} ms (MEDDOC_IMAGE_QUEUE_WAIT_MS); ${this.running} images in progress`));
      }, this.options.waitMs);
      this.line.push(waiter);
    });
  }

  private release(): void {
    const next = this.line.shift();
    // The turn passes straight to the next in line, so `running` stays the same.
    if (next) next.admit();
    else this.running--;
  }
}
