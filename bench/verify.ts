/**
 * Verification (B) against the ledger: latency per verification and verifications per second,
 * through the domain entry point (no HTTP), on a file database in WAL mode as the service runs it.
 * Every verification is a real one: look-up, comparison and the counter transaction (a commit).
 *
 *   npm run bench:verify [-- --n 5000 --invoices 2000]
 *
 * Targets (issue 7): p50 <= 5 ms, >= 500 verifications/s on 2 cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/store/db.js';
import { importLedgerText } from '../src/store/ledger.js';
import { DEFAULT_VERIFY_CONFIG } from '../src/verify/config.js';
import { createVerifier } from '../src/verify/service.js';

const { values } = parseArgs({ options: { n: { type: 'string' }, invoices: { type: 'string' } } });
const total = Number(values.n ?? 5000);
const invoiceCount = Number(values.invoices ?? 2000);

function invoiceLine(i: number): string {
  const noteNo = String(1_000_000_000 + i);
  return JSON.stringify({
    province: '浙江', note_title: '浙江省医疗门诊收费票据（电子）', type: 1, note_no: noteNo, patient_name: '测试', patient_gender: 1,
    billing_date: '2024-03-15', checksum: { cost_categories: 1, cost_detail_list: -1 },
    cost_categories: [{ name: '西药费', cost: 80.5 }, { name: '检查费', cost: 40 }],
    cost_detail_list: [], hospital_name: '示例医院', start_hospital_date: '', end_hospital_date: '', hospital_days: 0,
    total_cost: 120.5, medical_insurance_type: '', medical_organization_type: '', service_serial_no: '', social_security_card_no: '',
    payments_info: [{ name: '个人现金支付', cost: 120.5 }], charging_units: '', hospital_no: '', payee: '', reviewer: '',
    hospital_departments: '', work_unit: '', payment_channel: '', medical_insurance_no: '', medical_card_no: '',
    check_code: `c${String(i).padStart(5, '0')}`, note_code: '33060124', medical_record_no: '', unified_social_credit_code: '',
    treatment_date: '', invoice_party_code: '', remark: '', img_status: [],
  });
}

function elements(i: number) {
  const k = i % invoiceCount;
  return { note_code: '33060124', note_no: String(1_000_000_000 + k), check_code: `c${String(k).padStart(5, '0')}`, total_cost: '120.50', billing_date: '2024-03-15' };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'meddoc-bench-verify-'));
  const db = openDatabase(dir);
  try {
    const lines = Array.from({ length: invoiceCount }, (_, i) => invoiceLine(i)).join('\n');
    const importStart = performance.now();
    importLedgerText(db, lines);
    const importMs = performance.now() - importStart;
    const verifier = createVerifier({ db, config: { ...DEFAULT_VERIFY_CONFIG, dailyLimit: 1_000_000 } });

    for (let i = 0; i < 200; i += 1) await verifier.verify(elements(i)); // warm-up: JIT, statement cache

    // One after the other: the latency of one verification.
    const latencies: number[] = [];
    const seqStart = performance.now();
    for (let i = 0; i < total; i += 1) {
      const t0 = performance.now();
      const outcome = await verifier.verify(elements(i));
      latencies.push(performance.now() - t0);
      if (!outcome.ok) throw new Error(`verification failed with ${outcome.error_code}`);
    }
    const seqSeconds = (performance.now() - seqStart) / 1000;
    latencies.sort((a, b) => a - b);

    // 20 in flight at a time, as a busy server sees them.
    const parStart = performance.now();
    for (let i = 0; i < total; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, total - i) }, (_, j) => verifier.verify(elements(i + j))));
    }
    const parSeconds = (performance.now() - parStart) / 1000;

    const report = {
      verifications: total,
      ledger_invoices: invoiceCount,
      import_ms: Number(importMs.toFixed(1)),
      p50_ms: Number(percentile(latencies, 50).toFixed(3)),
      p95_ms: Number(percentile(latencies, 95).toFixed(3)),
      p99_ms: Number(percentile(latencies, 99).toFixed(3)),
      sequential_per_s: Math.round(total / seqSeconds),
      concurrent20_per_s: Math.round(total / parSeconds),
      targets: { p50_ms: 5, per_s: 500 },
    };
    process.stdout.write(
      `verify against the ledger (one thread, file DB in WAL mode, each verification commits its counters)\n` +
        `  p50 ${report.p50_ms} ms  p95 ${report.p95_ms} ms  p99 ${report.p99_ms} ms\n` +
        `  ${report.sequential_per_s}/s one at a time, ${report.concurrent20_per_s}/s with 20 in flight\n` +
        `  import of ${invoiceCount} invoices: ${report.import_ms} ms\n` +
        `${JSON.stringify(report)}\n`,
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
