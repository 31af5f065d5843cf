/**
 * Days and times of verification are Asia/Shanghai (decisions.md). China has had no daylight
 * saving since 1991, so a fixed +08:00 offset is exact and avoids depending on the ICU time-zone
 * data of the Node build.
 */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

function shifted(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString();
}

/** YYYY-MM-DD of the Shanghai calendar day `at` falls on. */
export function shanghaiDay(at: Date): string {
  return shifted(at).slice(0, 10);
}

/** "YYYY-MM-DD HH:mm:ss" in Shanghai time, the form of query_last_date. */
export function shanghaiDateTime(at: Date): string {
  const iso = shifted(at);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
