import { describe, expect, it } from 'vitest';
import {
  DonationInputSchema,
  editNeedsVideo,
  priceCategoryFor,
  SaleInputSchema,
  type VideoRuleFields,
} from './products';

const sale = {
  title: 'Ankara dress',
  description: 'Worn twice.',
  specification: 'Size 12',
  category: 'Clothes',
  condition: 'Fairly Used',
  price: 8000,
  priceCategory: '500-15000',
  primaryImageIndex: 0,
  images: '/media/images/a-1280.webp,/media/images/b-1280.webp',
  video: '',
};

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('the upload rules shared by the form and the API (spec §5)', () => {
  it('accepts a complete sale and splits the comma-joined images', () => {
    const result = SaleInputSchema.safeParse(sale);
    expect(result.success).toBe(true);
    expect(result.data?.images).toEqual(['/media/images/a-1280.webp', '/media/images/b-1280.webp']);
  });

  it('splits between URLs only, so a media host transformation URL keeps its own commas', () => {
    const cloudinary =
      'https://res.cloudinary.com/oja/image/upload/c_limit,f_webp,fl_force_strip,q_auto,w_1280/v1/oja/users/u/a.webp';
    const images = `${cloudinary},http://oja.test/media/images/b-1280.webp, /media/images/c-1280.webp,,`;
    const result = SaleInputSchema.safeParse({ ...sale, images });
    expect(result.data?.images).toEqual([
      cloudinary,
      'http://oja.test/media/images/b-1280.webp',
      '/media/images/c-1280.webp',
    ]);
  });

  it('keeps the price inside N500 - N50,000 and inside the chosen range', () => {
    expect(codes(SaleInputSchema.safeParse({ ...sale, price: 400 }))).toContain('PRICE_OUT_OF_RANGE');
    expect(codes(SaleInputSchema.safeParse({ ...sale, price: 20_000 }))).toContain('PRICE_NOT_IN_RANGE');
    expect(SaleInputSchema.safeParse({ ...sale, price: 20_000, priceCategory: '15000-25000' }).success).toBe(
      true,
    );
  });

  it('needs 1 to 10 images, a primary one among them, and a video for the categories that need one', () => {
    expect(codes(SaleInputSchema.safeParse({ ...sale, images: '' }))).toContain('IMAGE_REQUIRED');
    const eleven = Array.from({ length: 11 }, (_, index) => `/media/images/${index}.webp`).join(',');
    expect(codes(SaleInputSchema.safeParse({ ...sale, images: eleven }))).toContain('TOO_MANY_IMAGES');
    expect(codes(SaleInputSchema.safeParse({ ...sale, primaryImageIndex: 2 }))).toContain(
      'PRIMARY_IMAGE_REQUIRED',
    );
    for (const category of ['Accessories', 'Household-Items', 'Electronics']) {
      expect(codes(SaleInputSchema.safeParse({ ...sale, category }))).toContain('VIDEO_REQUIRED');
    }
  });

  it('lets a donation go without a price', () => {
    expect(
      DonationInputSchema.safeParse({ ...sale, price: undefined, priceCategory: undefined }).success,
    ).toBe(true);
  });
});

describe('priceCategoryFor', () => {
  it.each([
    [500, '500-15000'],
    [7500, '500-15000'],
    [15000, '500-15000'],
    [15001, '15000-25000'],
    [25000, '15000-25000'],
    [25001, '25000-50000'],
    [50000, '25000-50000'],
  ])('puts %d in %s', (price, range) => {
    expect(priceCategoryFor(price)).toBe(range);
  });

  it.each([0, 499, 50001])('has no range for %d', (price) => {
    expect(priceCategoryFor(price)).toBeUndefined();
  });

  it.each([500, 15000, 25000, 50000])('derives a range the upload rules accept for %d', (price) => {
    expect(
      SaleInputSchema.safeParse({ ...sale, price, priceCategory: priceCategoryFor(price) }).success,
    ).toBe(true);
  });
});

describe('the video rule of an edit (decision 006)', () => {
  const stored: VideoRuleFields = { category: 'Electronics', video: null, tag: 'For sale' };

  it('lets a listing without a video change what the rule does not look at', () => {
    expect(editNeedsVideo(stored, { ...stored })).toBe(false);
  });

  it('applies the rule when the edit touches the category, the video or the tag', () => {
    expect(editNeedsVideo({ ...stored, category: 'Clothes' }, stored)).toBe(true);
    expect(editNeedsVideo({ ...stored, video: '/media/a.mp4' }, stored)).toBe(true);
    expect(editNeedsVideo({ ...stored, tag: 'Donate' }, stored)).toBe(true);
    expect(editNeedsVideo({ ...stored, category: 'Clothes' }, { ...stored, video: '/media/b.mp4' })).toBe(
      false,
    );
    expect(editNeedsVideo(stored, { ...stored, category: 'Clothes' })).toBe(false);
  });
});
