/** Moving RgbImages in and out of shared memory, copying only when the pixels are not there yet. */
import type { RgbImage } from '../image/types.js';
import type { SharedImage } from './protocol.js';

function byteLength(width: number, height: number): number {
  return width * height * 3;
}

/** The shared buffer an image already lives in (from start), or null when it must be copied. */
export function sharedBufferOf(image: RgbImage): SharedArrayBuffer | null {
  const buffer = image.data.buffer;
  return buffer instanceof SharedArrayBuffer && image.data.byteOffset === 0 && buffer.byteLength === byteLength(image.width, image.height) ? buffer : null;
}

/** The image in shared memory: its own buffer when it is already shared, else one copy. */
export function shareImage(image: RgbImage): SharedImage {
  const bytes = byteLength(image.width, image.height);
  if (image.channels !== 3) throw new RangeError(`image analysis needs RGB pixels, got ${String(image.channels)} channels`);
  if (image.data.length < bytes) throw new RangeError(`image data holds ${image.data.length} bytes, ${bytes} expected`);
  const own = sharedBufferOf(image);
  if (own) return { buffer: own, width: image.width, height: image.height };
  const buffer = new SharedArrayBuffer(bytes);
  new Uint8Array(buffer).set(image.data.subarray(0, bytes));
  return { buffer, width: image.width, height: image.height };
}

/** Bytes copied between two turns of the event loop: well under a millisecond, page faults included. */
const SLICE_BYTES = 1 << 18;

/**
 * shareImage for the HTTP thread: a 2500 px upload is ~15 MB, whose copy in one go would hold the
 * event loop for 5-20 ms; copied a slice per turn, requests in between wait at most one slice.
 */
export async function shareImageGradually(image: RgbImage): Promise<SharedImage> {
  const bytes = byteLength(image.width, image.height);
  if (sharedBufferOf(image) || bytes <= SLICE_BYTES) return shareImage(image);
  if (image.channels !== 3) throw new RangeError(`image analysis needs RGB pixels, got ${String(image.channels)} channels`);
  if (image.data.length < bytes) throw new RangeError(`image data holds ${image.data.length} bytes, ${bytes} expected`);
  const buffer = new SharedArrayBuffer(bytes);
  const target = new Uint8Array(buffer);
  for (let at = 0; at < bytes; at += SLICE_BYTES) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(bytes, at + SLICE_BYTES);
    target.set(image.data.subarray(at, end), at);
  }
  return { buffer, width: image.width, height: image.height };
}

/** A view of shared pixels as an RgbImage (no copy). */
export function imageOf(shared: SharedImage): RgbImage {
  return { data: Buffer.from(shared.buffer, 0, byteLength(shared.width, shared.height)), width: shared.width, height: shared.height, channels: 3 };
}
