// The server keeps a listing's pictures at most 1280 px wide (re-encoded to WebP), so sending a 4000 px,
// 5 MB phone photo over mobile data only costs the seller money. The picture is scaled down in the
// browser first. Anything that cannot be done here (old browser, test environment, unreadable file)
// sends the original: the server checks and re-encodes every picture anyway.

const MAX_EDGE_PX = 1600;
const SMALL_ENOUGH_BYTES = 400 * 1024;
const QUALITY = 0.82;

function canvasToBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

export async function downscaleImage(file: File): Promise<File> {
  if (file.size <= SMALL_ENOUGH_BYTES) return file;
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    // 'from-image' applies the photo's EXIF rotation, so portraits stay upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvasToBlob(canvas, 'image/webp');
    // A browser that cannot write WebP answers with PNG, usually larger than the original: keep the original.
    if (!blob || blob.type !== 'image/webp' || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]+$/, '') || 'image';
    return new File([blob], `${name}.webp`, { type: 'image/webp', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
