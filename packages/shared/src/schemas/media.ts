import { z } from 'zod';

// Uploaded pictures and videos (the media module): a stored file and its sizes, and the signature for an
// upload straight to the media host.

export const ImageVariantSchema = z.object({ width: z.number().int(), url: z.string() });

export const MediaSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['image', 'video']),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(ImageVariantSchema),
});
export type Media = z.infer<typeof MediaSchema>;

// GET /api/media/upload-signature (decision 017): what a browser needs to upload one file straight to the
// media host. POST the file as the multipart field `file` to `uploadUrl`, with every entry of `fields` beside
// it; the host answers with the file's `secure_url`, which a listing then names. Good until `expiresAt`.
export const UploadSignatureSchema = z.object({
  provider: z.literal('cloudinary'),
  uploadUrl: z.string(),
  fields: z.object({
    api_key: z.string(),
    timestamp: z.string(),
    folder: z.string(),
    allowed_formats: z.string(),
    signature: z.string(),
  }),
  folder: z.string(),
  allowedFormats: z.array(z.string()),
  maxBytes: z.number().int(),
  expiresAt: z.string(),
});
export type UploadSignature = z.infer<typeof UploadSignatureSchema>;
