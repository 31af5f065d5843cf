/** A one-line progress bar for a terminal; writes nothing when the stream is not a TTY. */

export interface ProgressBar {
  update(done: number, total: number, label: string): void;
  /** Clears the line, so the report that follows starts clean. */
  done(): void;
}

export function renderBar(done: number, total: number, width = 30): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}

export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!stream.isTTY) return { update() {}, done() {} };
  const started = Date.now();
  return {
    update(done, total, label) {
      const elapsed = (Date.now() - started) / 1000;
      const eta = done > 0 ? Math.round((elapsed / done) * (total - done)) : 0;
      const line = `${renderBar(done, total)} eta ${eta}s ${label}`;
      const columns = stream.columns ?? 80;
      stream.write(`\r${line.slice(0, columns - 1).padEnd(Math.min(columns - 1, line.length))}\u001b[K`);
    },
    done() {
      stream.write('\r\u001b[K');
    },
  };
}
