/** Test images built byte by byte or with sharp, so every limit can be hit exactly. */
import sharp from 'sharp';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A solid-colour PNG of the given size (compresses to a few KB even at 6000 px). */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [255, 255, 255]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

export function solidJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .jpeg()
    .toBuffer();
}

/**
 * Pads a PNG to exactly `total` bytes with a private ancillary chunk before IEND: decoders skip
 * it, so the image stays valid while its file size is set to the byte.
 */
export function padPngTo(png: Buffer, total: number): Buffer {
  const iendAt = png.length - 12;
  const overhead = 12; // length + type + crc
  const dataLength = total - png.length - overhead;
  if (dataLength < 0) throw new Error(`PNG is already ${png.length} bytes`);
  const type = Buffer.from('prVt', 'latin1');
  const data = Buffer.alloc(dataLength, 0x20);
  const chunk = Buffer.alloc(overhead + dataLength);
  chunk.writeUInt32BE(dataLength, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + dataLength);
  return Buffer.concat([png.subarray(0, iendAt), chunk, png.subarray(iendAt)]);
}
