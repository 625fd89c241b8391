import sharp from 'sharp';

// Real image bytes made on the fly: a JPEG carrying EXIF (with a GPS-like position), a PNG, and the
// first bytes of an MP4 ("ftyp" box) that content sniffing recognises as video.
export async function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 80 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Model', ImageDescription: 'GPS 6.4281N 3.4219E' } })
    .toBuffer();
}

export async function png(width = 400, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function mp4Bytes(size = 4096): Buffer {
  const header = Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x02, 0x00, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length), 1)]);
}
