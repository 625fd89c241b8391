// What went wrong at the media host, in the words the listing routes need to answer clearly:
// - 'not-found': no such asset (deleted, or never uploaded);
// - 'too-large': the asset is over our size limit;
// - 'wrong-type': the asset is not one of the picture or video formats we take;
// - 'failed': the host is down, slow, refused our key, or answered something we cannot read.
export type MediaHostErrorKind = 'not-found' | 'too-large' | 'wrong-type' | 'failed';

export class MediaHostError extends Error {
  readonly kind: MediaHostErrorKind;

  constructor(kind: MediaHostErrorKind, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MediaHostError';
    this.kind = kind;
  }
}
