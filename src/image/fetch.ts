/**
 * Downloading an image from a client-supplied URL (`image_url` of A, `url` of C; issue 2, item 3).
 *
 * The service fetches on the client's behalf, so the download is bounded in every direction:
 * - scheme: http and https only (api.md 8);
 * - time: one deadline for the whole download, DNS, connect, headers, body and every redirect
 *   included (api.md 8: 5 s), because a per-socket timeout lets a slow server trickle forever;
 * - size: a Content-Length over the cap is refused at once, and the body is counted while it
 *   streams, so a lying or missing Content-Length cannot make us buffer more than the cap;
 * - redirects: at most 3, each new URL checked again from the scheme on;
 * - addresses: the host name is resolved here, every address is checked (address-policy.ts),
 *   and the connection is pinned to the checked addresses through the `lookup` option, so a
 *   DNS answer that changes between the check and the connect (DNS rebinding) cannot slip in.
 * Every failure is ApiError DOWNLOAD_ERROR (decisions.md "Errors") with a message saying what
 * went wrong. Messages and errors never carry the URL's path or query string, which may hold
 * signed tokens or personal data.
 */

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../http/errors.js';
import { ALLOW_HOSTS_ENV, isFetchAllowed, normalizeHost } from './address-policy.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export interface FetchOptions {
  /** Hosts (names or IPs) that may be non-public. Default: MEDDOC_FETCH_ALLOW_HOSTS, read at call time. */
  readonly allowHosts?: readonly string[];
  /** Deadline of the whole download in ms. Default 5000 (api.md 8). */
  readonly timeoutMs?: number;
  /** Largest body accepted, in bytes. Default 5 MB (api.md 8). */
  readonly maxBytes?: number;
  /** Redirects followed before giving up. Default 3. */
  readonly maxRedirects?: number;
  /**
   * Every address of a host name. Default: the system resolver (dns.lookup, all addresses),
   * which honours /etc/hosts as the rest of the machine does. Replaceable for tests.
   */
  readonly resolveHost?: (hostname: string) => Promise<readonly ResolvedAddress[]>;
}

export const FETCH_DEFAULTS = Object.freeze({
  timeoutMs: 5000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
});

/** MEDDOC_FETCH_ALLOW_HOSTS as a list: comma-separated host names or IPs, blanks ignored. */
export function allowHostsFromEnv(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const raw = env[ALLOW_HOSTS_ENV] ?? '';
  return raw
    .split(',')
    .map(normalizeHost)
    .filter((host) => host.length > 0);
}

function downloadError(message: string): ApiError {
  return new ApiError('DOWNLOAD_ERROR', message);
}

function describeSeconds(ms: number): string {
  return `${ms / 1000} s`;
}

function systemResolve(hostname: string): Promise<readonly ResolvedAddress[]> {
  return new Promise((resolve, reject) => {
    // verbatim: keep the resolver's order; all: every address must pass the policy, not just the first.
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
      if (err) reject(err);
      else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });
}

/**
 * One deadline for the whole download. Its signal aborts the request in flight; `race` bounds
 * the steps that cannot be aborted (a DNS lookup), whose late answer is then ignored.
 */
class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  readonly error: ApiError;

  constructor(ms: number) {
    this.error = downloadError(`download exceeded ${describeSeconds(ms)}`);
    this.timer = setTimeout(() => this.controller.abort(this.error), ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.controller.signal.aborted;
  }

  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.expired) return reject(this.error);
      const onAbort = (): void => reject(this.error);
      this.signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          this.signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (err: unknown) => {
          this.signal.removeEventListener('abort', onAbort);
          reject(err);
        },
      );
    });
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}

/** Parse and check a URL (the client's, or a redirect's Location resolved against the page). */
function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    // The URL class percent-encodes Chinese and other non-ASCII characters as UTF-8 (api.md 4.C
    // asks clients to do it; those who forget still work) and punycodes international host names.
    url = new URL(raw.trim(), base);
  } catch {
    throw downloadError(base ? 'the redirect Location is not a valid URL' : 'the url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw downloadError(`scheme ${url.protocol.replace(/:$/, '')} is not allowed; use http or https`);
  }
  return url;
}

/** URL.hostname keeps IPv6 literals in brackets; sockets and the policy want them bare. */
function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

async function resolveAllowed(
  url: URL,
  allowHosts: readonly string[],
  resolveHost: (hostname: string) => Promise<readonly ResolvedAddress[]>,
  deadline: Deadline,
): Promise<readonly ResolvedAddress[]> {
  const host = bareHostname(url);
  const literal = isIP(host);
  let addresses: readonly ResolvedAddress[];
  if (literal === 4 || literal === 6) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await deadline.race(resolveHost(host));
    } catch (err) {
      if (deadline.expired) throw deadline.error;
      throw downloadError(`host ${host} cannot be resolved`);
    }
    if (addresses.length === 0) throw downloadError(`host ${host} cannot be resolved`);
  }
  // Every address, not only the one we would connect to: the socket may fall back to any of them.
  for (const { address } of addresses) {
    const decision = isFetchAllowed(host, address, allowHosts);
    if (!decision.allowed) throw downloadError(decision.reason);
  }
  return addresses;
}

/** A `lookup` for http(s).request that answers only with addresses already checked. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    const first = usable[0];
    if (!first) {
      const err: NodeJS.ErrnoException = new Error('no checked address of the requested family');
      err.code = 'ENOTFOUND';
      callback(err, '', 0);
      return;
    }
    // Node asks for all addresses when it races IPv6 and IPv4 (autoSelectFamily).
    if (options.all) callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, first.address, first.family);
  };
}

/**
 * Node hands header values over as latin1; a server that writes a Location with raw UTF-8
 * (common for Chinese file names) means UTF-8, so read it back as such when it is valid.
 */
function headerText(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type HopResult = { kind: 'body'; body: Buffer } | { kind: 'redirect'; location: string };

function connectionFailure(host: string, err: unknown): ApiError {
  // Only the error code: messages of TLS and socket errors may echo more than we want to show.
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? 'connection failed';
  return downloadError(`cannot download from ${host}: ${code}`);
}

/** One GET, without following redirects: the body, or where the server sends us next. */
function getOnce(url: URL, addresses: readonly ResolvedAddress[], maxBytes: number, deadline: Deadline): Promise<HopResult> {
  return new Promise<HopResult>((resolve, reject) => {
    const host = bareHostname(url);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request({
      method: 'GET',
      protocol: url.protocol,
      hostname: host,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: {
        'user-agent': 'meddoc-image-fetch',
        accept: 'image/jpeg, image/png;q=0.9, */*;q=0.1',
        // Compressed bodies would have to be inflated to be counted against the cap; ask for none.
        'accept-encoding': 'identity',
      },
      // A fresh connection per hop: a pooled socket could belong to an address checked for another host.
      agent: false,
      lookup: pinnedLookup(addresses),
      signal: deadline.signal,
    });

    req.on('error', (err) => reject(deadline.expired ? deadline.error : connectionFailure(host, err)));

    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        const location = res.headers.location;
        res.destroy();
        if (location === undefined || location === '') {
          reject(downloadError(`HTTP ${status} from the image server without a Location header`));
        } else {
          resolve({ kind: 'redirect', location: headerText(location) });
        }
        return;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        reject(downloadError(`HTTP ${status} from the image server`));
        return;
      }

      const declared = res.headers['content-length'];
      if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
        res.destroy();
        reject(downloadError(`image exceeds ${maxBytes} bytes (Content-Length ${declared})`));
        return;
      }

      const chunks: Buffer[] = [];
      let received = 0;
      let finished = false;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) {
          // Stop reading at the cap: nothing past it is kept, the connection is dropped.
          finished = true;
          res.destroy();
          reject(downloadError(`image exceeds ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        if (finished) return;
        finished = true;
        if (received === 0) reject(downloadError('the image server sent an empty body'));
        else resolve({ kind: 'body', body: Buffer.concat(chunks, received) });
      });
      res.on('error', () => {
        // Errors after the cap are our own destroy(); the promise is settled already.
      });
      res.on('close', () => {
        if (finished) return;
        finished = true;
        reject(deadline.expired ? deadline.error : downloadError('the image server closed the connection before the body was complete'));
      });
    });

    req.end();
  });
}

/**
 * The bytes at `url` (http or https), within the limits above. Throws ApiError DOWNLOAD_ERROR
 * on every failure; never anything else.
 */
export async function fetchImage(url: string, opts: FetchOptions = {}): Promise<Buffer> {
  const timeoutMs = opts.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const allowHosts = opts.allowHosts ?? allowHostsFromEnv();
  const resolveHost = opts.resolveHost ?? systemResolve;

  const deadline = new Deadline(timeoutMs);
  const tooManyRedirects = downloadError(`more than ${maxRedirects} redirects`);
  let redirects = 0;
  try {
    let target = parseTarget(url);
    for (;;) {
      const addresses = await resolveAllowed(target, allowHosts, resolveHost, deadline);
      const hop = await getOnce(target, addresses, maxBytes, deadline);
      if (hop.kind === 'body') return hop.body;
      if (redirects === maxRedirects) throw tooManyRedirects;
      redirects += 1;
      target = parseTarget(hop.location, target);
    }
  } catch (err) {
    if (deadline.expired) throw deadline.error;
    const failure = err instanceof ApiError ? err : downloadError('the download failed');
    // Say where in a redirect chain it failed: "address ... is a loopback address" alone would
    // puzzle a client whose URL named a public host.
    if (redirects > 0 && failure !== tooManyRedirects) {
      throw downloadError(`after redirect ${redirects}: ${failure.message}`);
    }
    throw failure;
  } finally {
    deadline.cancel();
  }
}
