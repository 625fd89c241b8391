import sharp from 'sharp';

// Real media bytes made on the fly: a JPEG carrying EXIF (with a GPS-like position), a PNG, and small
// but well-formed MP4 and WebM files, some carrying a GPS position in their metadata.
export async function jpegWithExif(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 80 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Model', ImageDescription: 'GPS 6.4281N 3.4219E' },
    })
    .toBuffer();
}

export async function png(width = 400, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
}

// An ISO base media box (MP4, QuickTime): 32-bit size, 4-character type, payload.
export function isoBox(type: string, ...payload: (Buffer | string)[]): Buffer {
  const body = Buffer.concat(
    payload.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)),
  );
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const ftyp = (brand = 'isom') => isoBox('ftyp', brand, Buffer.from([0, 0, 2, 0]), 'isomiso2');

// A well-formed MP4 of the given length: the file type box, then media data.
export function mp4Bytes(size = 4096): Buffer {
  const head = ftyp();
  return Buffer.concat([head, isoBox('mdat', Buffer.alloc(Math.max(0, size - head.length - 8), 1))]);
}

// The GPS position a phone writes into the user data of its videos.
export const VIDEO_GPS_TEXT = '+06.4281+003.4219/';

// An MP4 as a phone records it, position included: ftyp + moov(mvhd + udta(©xyz)) + mdat.
export function mp4WithLocation(brand = 'isom'): Buffer {
  const gps = Buffer.concat([
    Buffer.from([0, VIDEO_GPS_TEXT.length, 0x15, 0xc7]),
    Buffer.from(VIDEO_GPS_TEXT),
  ]);
  return Buffer.concat([
    ftyp(brand),
    isoBox('moov', isoBox('mvhd', Buffer.alloc(100, 2)), isoBox('udta', isoBox('\u00a9xyz', gps))),
    isoBox('mdat', Buffer.alloc(2048, 3)),
  ]);
}

// An EBML element (WebM): ID bytes as given, an 8-byte size, payload.
export function ebmlElement(id: number, ...payload: (Buffer | string)[]): Buffer {
  const body = Buffer.concat(payload.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  const idLength = id < 0x100 ? 1 : id < 0x10000 ? 2 : id < 0x1000000 ? 3 : 4;
  const idBytes = Buffer.alloc(idLength);
  idBytes.writeUIntBE(id, 0, idLength);
  const size = Buffer.alloc(8);
  size.writeUIntBE(body.length, 2, 6);
  size[0] = 0x01;
  return Buffer.concat([idBytes, size, body]);
}

// The header every WebM file starts with (DocType "webm").
export const webmHeader = () =>
  ebmlElement(0x1a45dfa3, ebmlElement(0x4286, Buffer.from([1])), ebmlElement(0x4282, 'webm'));

// A WebM whose tags carry a position and whose segment info carries a title.
export function webmWithLocation(): Buffer {
  return Buffer.concat([
    webmHeader(),
    ebmlElement(
      0x18538067,
      ebmlElement(
        0x1549a966,
        ebmlElement(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])),
        ebmlElement(0x4d80, 'Lavf'),
        ebmlElement(0x5741, 'Lavf'),
        ebmlElement(0x7ba9, 'Chiamaka at home'),
      ),
      ebmlElement(0x1f43b675, ebmlElement(0xe7, Buffer.from([0])), ebmlElement(0xa3, Buffer.alloc(512, 4))),
      ebmlElement(
        0x1254c367,
        ebmlElement(
          0x7373,
          ebmlElement(0x67c8, ebmlElement(0x45a3, 'LOCATION'), ebmlElement(0x4487, VIDEO_GPS_TEXT)),
        ),
      ),
    ),
  ]);
}
