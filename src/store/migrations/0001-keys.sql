-- API keys (decisions.md "Authentication"). The secret is stored as an scrypt hash with its salt.
CREATE TABLE api_keys (
  id            TEXT PRIMARY KEY,
  name          TEXT NOT NULL DEFAULT '',
  secret_salt   BLOB NOT NULL,
  secret_hash   BLOB NOT NULL,
  operations    TEXT NOT NULL,            -- comma-separated: classify,verify,extract
  quota         INTEGER,                  -- calls allowed in all; NULL = unlimited
  used          INTEGER NOT NULL DEFAULT 0,
  rate_per_sec  REAL,                     -- calls per second; NULL = unlimited
  expires_at    TEXT,                     -- ISO-8601 UTC; NULL = never
  created_at    TEXT NOT NULL,
  revoked_at    TEXT
);
