/** Shared fixtures of the verify-*.test.ts files: invoices in the ledger-line shape, a fresh store. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, openMemoryDatabase, type Database } from '../../src/store/db.js';
import type { InvoiceRecordInput } from '../../src/verify/invoice-record.js';

/** A complete ledger line; every invoice_standard_result field present. Names are fictitious. */
export function sampleInvoice(overrides: Partial<InvoiceRecordInput> = {}): InvoiceRecordInput {
  return {
    province: '浙江',
    note_title: '浙江省医疗门诊收费票据（电子）',
    type: 1,
    note_no: '0012345678',
    patient_name: '测试患者',
    patient_gender: 1,
    billing_date: '2024-03-15',
    checksum: { cost_categories: 1, cost_detail_list: 1 },
    cost_categories: [
      { name: '西药费', cost: 80.5 },
      { name: '检查费', cost: 40 },
    ],
    cost_detail_list: [],
    hospital_name: '示例市第一人民医院',
    start_hospital_date: '',
    end_hospital_date: '',
    hospital_days: 0,
    total_cost: 120.5,
    medical_insurance_type: '职工基本医疗保险',
    medical_organization_type: '综合医院',
    service_serial_no: 'SN0001',
    social_security_card_no: '',
    payments_info: [{ name: '个人现金支付', cost: 120.5 }],
    charging_units: '示例市第一人民医院',
    hospital_no: 'MZ0001',
    payee: '收款员甲',
    reviewer: '复核员乙',
    hospital_departments: '',
    work_unit: '',
    payment_channel: '',
    medical_insurance_no: '',
    medical_card_no: '',
    check_code: 'a1b2c3',
    note_code: '33060124',
    medical_record_no: '',
    unified_social_credit_code: '',
    treatment_date: '2024-03-15',
    invoice_party_code: '',
    remark: '',
    img_status: [],
    ...overrides,
  };
}

export function toJsonl(records: readonly InvoiceRecordInput[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

export function memoryDb(): Database {
  return openMemoryDatabase();
}

/** A store in a fresh temporary folder (for tests that share it with child processes). */
export function tempStore(): { dir: string; db: Database; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'meddoc-verify-'));
  const db = openDatabase(dir);
  return {
    dir,
    db,
    cleanup: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The five elements that verify `invoice`. */
export function elementsOf(invoice: InvoiceRecordInput): Record<string, string> {
  return {
    note_code: invoice.note_code,
    note_no: invoice.note_no,
    check_code: invoice.check_code,
    total_cost: invoice.total_cost.toFixed(2),
    billing_date: invoice.billing_date,
    patient_name: invoice.patient_name,
  };
}
