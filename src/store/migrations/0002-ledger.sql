-- The e-invoice ledger (issue 7): the invoices known to the operator, their status markers,
-- their reimbursement records (Hebei) and the per-invoice verification counters.

-- One row per e-invoice. The comparison keys are columns (check code lower-cased, amount in
-- integer cents, date YYYY-MM-DD) so a verification never parses JSON to decide; the full
-- invoice_standard_result (without img_status, which lives in ledger_status) is kept as JSON.
CREATE TABLE ledger_invoices (
  note_code        TEXT    NOT NULL,
  note_no          TEXT    NOT NULL,
  check_code       TEXT    NOT NULL,
  total_cost_cents INTEGER NOT NULL,
  billing_date     TEXT    NOT NULL,
  patient_name     TEXT    NOT NULL,
  standard_json    TEXT    NOT NULL,
  imported_at      TEXT    NOT NULL,
  PRIMARY KEY (note_code, note_no)
) WITHOUT ROWID;

-- Markers of api.md 2.B img_status; several may hold at once, so one row each.
CREATE TABLE ledger_status (
  note_code TEXT NOT NULL,
  note_no   TEXT NOT NULL,
  status    TEXT NOT NULL CHECK (status IN ('yidayin', 'yikaihongpiao', 'yizuofei', 'yiruzhang')),
  set_at    TEXT NOT NULL,
  PRIMARY KEY (note_code, note_no, status),
  FOREIGN KEY (note_code, note_no) REFERENCES ledger_invoices (note_code, note_no) ON DELETE CASCADE
) WITHOUT ROWID;

-- Reimbursement records (reim_agency_list). The unique key makes a re-import a no-op.
CREATE TABLE ledger_reimbursements (
  id         INTEGER PRIMARY KEY,
  note_code  TEXT NOT NULL,
  note_no    TEXT NOT NULL,
  agency     TEXT NOT NULL,
  amount     TEXT NOT NULL,
  write_date TEXT NOT NULL,
  UNIQUE (note_code, note_no, agency, amount, write_date),
  FOREIGN KEY (note_code, note_no) REFERENCES ledger_invoices (note_code, note_no) ON DELETE CASCADE
);

-- Verification counters per invoice, for every source (ledger or remote platform), kept apart
-- from the invoice rows so that a re-import never resets them.
--   day            Asia/Shanghai date (YYYY-MM-DD) the attempts_today count belongs to
--   attempts_today attempts on this invoice that day, successful or not (decisions.md)
--   success_count  successful verifications ever (query_num)
--   last_success_at time of the latest successful one (the next one's query_last_date)
CREATE TABLE verify_counters (
  note_code       TEXT    NOT NULL,
  note_no         TEXT    NOT NULL,
  day             TEXT    NOT NULL,
  attempts_today  INTEGER NOT NULL,
  success_count   INTEGER NOT NULL,
  last_success_at TEXT,
  PRIMARY KEY (note_code, note_no)
) WITHOUT ROWID;
