import { describe, expect, it } from 'vitest';
import { adminProduct } from '../test-fixtures';
import { adminProductFormSchema, formValuesOf, toFormData } from './admin-product-form-schema';

const withVideo = adminProduct({
  category: 'Electronics',
  video: '/media/proof.mp4',
  videoUrl: '/media/proof.mp4',
});

describe('admin product form', () => {
  it('keeps the current video by sending no video field', () => {
    const form = toFormData(formValuesOf(withVideo));
    expect(form.has('video')).toBe(false);
    expect(form.get('price')).toBe('8000');
    expect(form.get('priceCategory')).toBe('500-15000');
    expect(form.get('images')).toBe('/media/front.webp,/media/back.webp');
    expect(form.get('primaryImageIndex')).toBe('1');
  });

  it('removes the current video with an empty video field', () => {
    const form = toFormData({ ...formValuesOf(withVideo), category: 'Clothes', keepsVideo: false });
    expect(form.get('video')).toBe('');
  });

  it('sends a new video file instead of the current one', () => {
    const video = new File(['video'], 'proof.mp4', { type: 'video/mp4' });
    const form = toFormData({ ...formValuesOf(withVideo), keepsVideo: false, newVideo: video });
    expect(form.getAll('video')).toEqual([video]);
  });

  it('checks the price against the chosen range for a sale, and ignores it for a donation', () => {
    const values = { ...formValuesOf(withVideo), price: '20000' };
    const sale = adminProductFormSchema(withVideo).safeParse(values);
    expect(sale.error?.issues.map((issue) => issue.message)).toEqual(['PRICE_NOT_IN_RANGE']);
    expect(adminProductFormSchema(withVideo).safeParse({ ...values, tag: 'donate' }).success).toBe(true);
  });

  it('refuses more than 10 pictures and files over 10MB', () => {
    const picture = (bytes: number) => new File([new Uint8Array(bytes)], 'p.png', { type: 'image/png' });
    const tooMany = { ...formValuesOf(withVideo), newImages: Array.from({ length: 9 }, () => picture(1)) };
    expect(adminProductFormSchema(withVideo).safeParse(tooMany).error?.issues[0]?.message).toBe(
      'TOO_MANY_IMAGES',
    );
    const tooLarge = { ...formValuesOf(withVideo), newImages: [picture(10 * 1024 * 1024 + 1)] };
    expect(adminProductFormSchema(withVideo).safeParse(tooLarge).error?.issues[0]?.message).toBe(
      'IMAGE_TOO_LARGE',
    );
  });

  it('lets a listing without a video change its price, and asks for one when the edit moves its category', () => {
    const withoutVideo = adminProduct({ category: 'Electronics', video: null, videoUrl: null });
    const schema = adminProductFormSchema(withoutVideo);
    expect(schema.safeParse({ ...formValuesOf(withoutVideo), price: '9000' }).success).toBe(true);
    const moved = schema.safeParse({ ...formValuesOf(withoutVideo), category: 'Accessories' });
    expect(moved.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['newVideo', 'VIDEO_REQUIRED'],
    ]);
  });

  it('removing the video of a listing in a video category is refused', () => {
    const removed = adminProductFormSchema(withVideo).safeParse({
      ...formValuesOf(withVideo),
      keepsVideo: false,
    });
    expect(removed.error?.issues.map((issue) => issue.message)).toEqual(['VIDEO_REQUIRED']);
  });
});
