import { useEffect, useState, useSyncExternalStore } from 'react';
import { isMessageCode, type MessageCode } from '@marketplace/shared/reply-texts';
import { ApiError } from '../../../lib/api-client';
import type { UploadOptions } from '../slots';

export type MediaStatus = 'queued' | 'uploading' | 'done' | 'failed';

export type MediaItem = {
  key: string;
  name: string;
  // What the form shows: an object URL for a file picked here, the server's URL for one already stored.
  previewUrl: string;
  status: MediaStatus;
  progress: number;
  // The stored file's URL, which the listing refers to; set once uploaded.
  url: string | null;
  // Why the upload failed: a message code or the server's sentence.
  error: string | null;
};

export type ExistingMedia = { url: string; previewUrl: string; name: string };

export type MediaRules = {
  accept: readonly string[];
  maxBytes: number;
  maxItems: number;
  tooLarge: MessageCode;
  tooMany: MessageCode;
};

// Stores one file (features/media/api/upload-media, through the slots: our API or the media host) and answers with its URL.
type Upload = (file: File, options: UploadOptions) => Promise<{ url: string }>;

// Two uploads at a time: on a slow connection more would only share the same thin pipe, and the first
// pictures would take longer to finish.
const CONCURRENT_UPLOADS = 2;

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `media-${nextKey}`;
}

// Files picked for a listing, each uploaded as soon as it is picked, with its own progress.
// Kept outside React state so that progress events (many per second) and the upload queue do not
// depend on render timing; components read it through useSyncExternalStore.
export class MediaUploadStore {
  private items: MediaItem[];
  private readonly files = new Map<string, File>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly localUrls = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly rules: MediaRules,
    private readonly upload: Upload,
    existing: ExistingMedia[] = [],
  ) {
    this.items = existing.map((media) => ({
      key: newKey(),
      name: media.name,
      previewUrl: media.previewUrl,
      status: 'done',
      progress: 100,
      url: media.url,
      error: null,
    }));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.items;

  private setItems(items: MediaItem[]) {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private update(key: string, change: Partial<MediaItem>) {
    if (!this.items.some((item) => item.key === key)) return;
    this.setItems(this.items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }

  // spec §5: every file within the size limit, and never more than the maximum. A selection that would
  // go over the maximum is refused whole, so no mobile data is spent on pictures the seller did not mean.
  // Returns the rule that refused files, if any.
  add(files: readonly File[]): MessageCode | null {
    if (files.length === 0) return null;
    if (this.items.length + files.length > this.rules.maxItems) return this.rules.tooMany;
    let refusal: MessageCode | null = null;
    const accepted: MediaItem[] = [];
    for (const file of files) {
      if (!this.rules.accept.includes(file.type)) {
        refusal = 'MEDIA_TYPE_NOT_ALLOWED';
        continue;
      }
      if (file.size > this.rules.maxBytes) {
        refusal = this.rules.tooLarge;
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      this.localUrls.add(previewUrl);
      const key = newKey();
      this.files.set(key, file);
      accepted.push({
        key,
        name: file.name,
        previewUrl,
        status: 'queued',
        progress: 0,
        url: null,
        error: null,
      });
    }
    if (accepted.length > 0) {
      this.setItems([...this.items, ...accepted]);
      this.startQueued();
    }
    return refusal;
  }

  remove(key: string) {
    const item = this.items.find((candidate) => candidate.key === key);
    if (!item) return;
    this.controllers.get(key)?.abort();
    this.controllers.delete(key);
    this.files.delete(key);
    this.revoke(item.previewUrl);
    this.setItems(this.items.filter((candidate) => candidate.key !== key));
    this.startQueued();
  }

  retry(key: string) {
    this.update(key, { status: 'queued', progress: 0, error: null });
    this.startQueued();
  }

  // Leaving the form cancels what is still going up and frees the previews.
  dispose() {
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
    for (const url of this.localUrls) URL.revokeObjectURL(url);
    this.localUrls.clear();
  }

  private revoke(url: string) {
    if (!this.localUrls.has(url)) return;
    URL.revokeObjectURL(url);
    this.localUrls.delete(url);
  }

  private startQueued() {
    let running = this.items.filter((item) => item.status === 'uploading').length;
    for (const item of this.items) {
      if (running >= CONCURRENT_UPLOADS) break;
      if (item.status !== 'queued') continue;
      running += 1;
      void this.send(item.key);
    }
  }

  private async send(key: string) {
    const file = this.files.get(key);
    if (!file) return;
    const controller = new AbortController();
    this.controllers.set(key, controller);
    this.update(key, { status: 'uploading', progress: 0, error: null });
    try {
      const media = await this.upload(file, {
        signal: controller.signal,
        onProgress: ({ percent }) => this.update(key, { progress: percent }),
      });
      this.files.delete(key);
      this.update(key, { status: 'done', progress: 100, url: media.url });
    } catch (error) {
      // A removed file was cancelled on purpose.
      if (controller.signal.aborted) return;
      // The code when the web knows it (shown in the user's language), else the message as it came.
      const reason =
        error instanceof ApiError
          ? isMessageCode(error.code)
            ? error.code
            : error.message
          : 'UPLOAD_UNEXPECTED';
      this.update(key, { status: 'failed', error: reason });
    } finally {
      if (this.controllers.get(key) === controller) this.controllers.delete(key);
      this.startQueued();
    }
  }
}

export function useMediaUploads(rules: MediaRules, upload: Upload, existing?: ExistingMedia[]) {
  const [store] = useState(() => new MediaUploadStore(rules, upload, existing));
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => () => store.dispose(), [store]);
  return { items, store };
}
