import { useEffect, useState } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import { MAX_FILE_BYTES, MAX_IMAGES } from '@marketplace/shared/constants';
import { splitImageList } from '@marketplace/shared/schemas/products';
import { downscaleImage } from '../../../lib/downscale-image';
import { IMAGE_TYPES } from '../components/image-picker';
import type { ProductFormFields, ProductFormInitial } from '../components/product-form-rules';
import { VIDEO_TYPES } from '../components/video-picker';
import { useProductSlots, type UploadMedia } from '../slots';
import { useMediaUploads, type MediaRules } from './use-media-uploads';

const IMAGE_RULES: MediaRules = {
  accept: IMAGE_TYPES,
  maxBytes: MAX_FILE_BYTES,
  maxItems: MAX_IMAGES,
  tooLarge: 'IMAGE_TOO_LARGE',
  tooMany: 'TOO_MANY_IMAGES',
};
const VIDEO_RULES: MediaRules = {
  accept: VIDEO_TYPES,
  maxBytes: MAX_FILE_BYTES,
  maxItems: 1,
  tooLarge: 'VIDEO_TOO_LARGE',
  tooMany: 'VIDEO_TOO_LARGE',
};

// Without the app's uploader (media, decision 054) a file cannot go up.
const noUploads: UploadMedia = () => Promise.reject(new Error('No media uploader was given.'));

type ProductMediaOptions = {
  initial: ProductFormInitial | undefined;
  setValue: UseFormSetValue<ProductFormFields>;
  isSubmitted: boolean;
};

// The product form's pictures and video: their uploads, the primary picture, and the listing's URLs
// copied into the form once stored.
export function useProductMedia({ initial, setValue, isSubmitted }: ProductMediaOptions) {
  const uploadMedia = useProductSlots().uploadMedia ?? noUploads;
  // Pictures are scaled down in the browser before they go up (see lib/downscale-image).
  const uploadImage: UploadMedia = async (file, options) => uploadMedia(await downscaleImage(file), options);
  const images = useMediaUploads(IMAGE_RULES, uploadImage, initial?.images);
  const video = useMediaUploads(VIDEO_RULES, uploadMedia, initial?.video ? [initial.video] : []);
  const [primaryKey, setPrimaryKey] = useState<string | null>(
    () => images.store.getSnapshot()[initial?.primaryImageIndex ?? -1]?.key ?? null,
  );

  // The stored pictures and video become the listing's URLs; after a first submit they are checked again
  // as they change, so a fixed problem's message goes away.
  // The first picture is the primary one until the seller chooses another (or removes the chosen one).
  const shownPrimaryKey = images.items.some((item) => item.key === primaryKey)
    ? primaryKey
    : (images.items[0]?.key ?? null);
  const storedImages = images.items.filter((item) => item.status === 'done');
  const imageUrls = storedImages.map((item) => item.url ?? '').join(',');
  const primaryImageIndex = storedImages.findIndex((item) => item.key === shownPrimaryKey);
  const videoUrl = video.items.find((item) => item.status === 'done')?.url ?? '';
  useEffect(() => {
    const options = { shouldValidate: isSubmitted };
    setValue('images', imageUrls === '' ? [] : splitImageList(imageUrls), options);
    setValue('primaryImageIndex', primaryImageIndex, options);
    setValue('video', videoUrl, options);
  }, [imageUrls, primaryImageIndex, videoUrl, isSubmitted, setValue]);

  const allMedia = [...images.items, ...video.items];
  // What still stands in the way of sending: files going up, or files that failed.
  const problem: 'waitForUploads' | 'fixFailedUploads' | null = allMedia.some(
    (item) => item.status === 'uploading' || item.status === 'queued',
  )
    ? 'waitForUploads'
    : allMedia.some((item) => item.status === 'failed')
      ? 'fixFailedUploads'
      : null;

  return {
    images,
    video,
    shownPrimaryKey,
    setPrimaryKey,
    hasMedia: allMedia.length > 0,
    problem,
  };
}
