/** Images as they travel between intake, engines and domain. */

/** A decoded image, upright as a viewer shows it (EXIF orientation applied), 8-bit RGB. */
export interface RgbImage {
  /** Raw interleaved pixels, row-major, `channels` bytes per pixel. */
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: 3;
}

/** What intake hands to an operation: the validated upload and its decoded pixels. */
export interface IntakeImage {
  /** The original bytes (JPEG or PNG), after validation. Never logged, never written to disk. */
  readonly bytes: Buffer;
  readonly format: 'jpeg' | 'png';
  /** Width and height after EXIF orientation. */
  readonly width: number;
  readonly height: number;
  /** EXIF orientation tag found in the file (1 when absent). */
  readonly exifOrientation: number;
  /** Decoded RGB pixels in viewer orientation. */
  readonly rgb: RgbImage;
}
