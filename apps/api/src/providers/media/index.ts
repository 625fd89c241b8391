import type { UploadSignature } from '@marketplace/shared/schemas/media';
import type { ImageVariant } from '../../db/schema';
import type { Config } from '../../config';
import { createCloudinaryHost } from './cloudinary';

export { MediaHostError, type MediaHostErrorKind } from './errors';

export type HostedMediaKind = 'image' | 'video';

// An asset on the media host, as a listing URL names it.
export type HostedRef = {
  kind: HostedMediaKind;
  publicId: string;
  // The version the URL names, when it names one.
  version: string | null;
};

// What a listing records about a hosted asset: the URL it is served at (through the host's
// transformations) and, for a picture, its sizes for a `srcset`. The same shape as a local upload.
export type HostedAsset = {
  kind: HostedMediaKind;
  url: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
};

// The media host port (DESIGN.md, decision 017). Files uploaded through POST /api/media always go to the
// local storage (lib/media-storage.ts); with Cloudinary configured, browsers may also upload straight to
// it with signed parameters, and a listing then names the asset by its Cloudinary URL.
export type MediaHost = {
  kind: 'local' | 'cloudinary';
  // Signed parameters for one direct upload into the owner's folder; null when uploads go to /api/media.
  signUpload: ((ownerId: string) => UploadSignature) | null;
  // The asset a URL names on this host, or null for a URL of anywhere else.
  parseUrl: (url: string) => HostedRef | null;
  // Whether the asset lies in the owner's own folder (where their signed uploads go).
  isOwnedBy: (ref: HostedRef, ownerId: string) => boolean;
  // The URL a listing records for the asset, when the reference alone tells it (it names a version).
  recordedUrl: (ref: HostedRef) => string | null;
  // Asks the host whether the asset exists and passes our rules (size, format). Throws MediaHostError.
  inspect: (ref: HostedRef) => Promise<HostedAsset>;
  // Origins the browser talks to, for the Content-Security-Policy.
  origins: { upload: string[]; delivery: string[] };
};

export const localMediaHost: MediaHost = {
  kind: 'local',
  signUpload: null,
  parseUrl: () => null,
  isOwnedBy: () => false,
  recordedUrl: () => null,
  inspect: () => Promise.reject(new Error('the local media host holds no remote assets')),
  origins: { upload: [], delivery: [] },
};

export function createMediaHost(config: Pick<Config, 'cloudinary'>): MediaHost {
  return config.cloudinary ? createCloudinaryHost(config.cloudinary) : localMediaHost;
}
