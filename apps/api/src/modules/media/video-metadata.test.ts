import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import {
  ebmlElement,
  isoBox,
  mp4Bytes,
  mp4WithLocation,
  VIDEO_GPS_TEXT,
  webmHeader,
  webmWithLocation,
} from '../../../test/fixtures';
import { MalformedVideoError, stripVideoMetadata } from './video-metadata';

const ftyp = (brand = 'isom') => isoBox('ftyp', brand, Buffer.from([0, 0, 2, 0]), 'isomiso2');
const text = (bytes: Buffer) => bytes.toString('latin1');

// The bytes that differ between two buffers of the same length, as [start, end) runs.
function changedRuns(before: Buffer, after: Buffer): [number, number][] {
  const runs: [number, number][] = [];
  for (let index = 0; index < before.length; index++) {
    if (before[index] === after[index]) continue;
    const last = runs.at(-1);
    if (last && last[1] === index) last[1] = index + 1;
    else runs.push([index, index + 1]);
  }
  return runs;
}

describe('stripping metadata from an MP4 or QuickTime video', () => {
  it('blanks the GPS position in moov/udta, keeps the length and every other byte, and still reads as MP4', async () => {
    const original = mp4WithLocation();
    expect(text(original)).toContain(VIDEO_GPS_TEXT);

    const stripped = stripVideoMetadata(original, 'video/mp4');

    expect(stripped.length).toBe(original.length);
    expect(text(stripped)).not.toContain(VIDEO_GPS_TEXT);
    expect(text(stripped)).not.toContain('\u00a9xyz');
    expect(await fileTypeFromBuffer(stripped)).toMatchObject({ mime: 'video/mp4' });
    // The user data box became a free box of the same size, zeroed; ftyp, mvhd and mdat are untouched.
    const udta = text(original).indexOf('udta') - 4;
    const udtaSize = original.readUInt32BE(udta);
    expect(stripped.readUInt32BE(udta)).toBe(udtaSize);
    expect(text(stripped.subarray(udta + 4, udta + 8))).toBe('free');
    expect(stripped.subarray(udta + 8, udta + udtaSize).every((byte) => byte === 0)).toBe(true);
    expect(Buffer.compare(stripped.subarray(0, udta), original.subarray(0, udta))).toBe(0);
    expect(Buffer.compare(stripped.subarray(udta + udtaSize), original.subarray(udta + udtaSize))).toBe(0);
  });

  it('leaves the bytes passed in untouched', () => {
    const original = mp4WithLocation();
    const copy = Buffer.from(original);
    stripVideoMetadata(original, 'video/mp4');
    expect(Buffer.compare(original, copy)).toBe(0);
  });

  it('keeps a video without metadata byte for byte', () => {
    const original = mp4Bytes(8192);
    expect(Buffer.compare(stripVideoMetadata(original, 'video/mp4'), original)).toBe(0);
  });

  it('blanks the meta boxes an iPhone writes its location into, in the movie and in each track', () => {
    const keys = isoBox('keys', 'mdta', 'com.apple.quicktime.location.ISO6709');
    const ilst = isoBox('ilst', isoBox('data', VIDEO_GPS_TEXT));
    const original = Buffer.concat([
      ftyp('qt  '),
      isoBox('wide'),
      isoBox(
        'moov',
        isoBox('mvhd', Buffer.alloc(100)),
        isoBox(
          'trak',
          isoBox('tkhd', Buffer.alloc(84)),
          isoBox('meta', isoBox('hdlr', Buffer.alloc(25)), keys, ilst),
        ),
        isoBox('meta', isoBox('hdlr', Buffer.alloc(25)), keys, ilst),
      ),
      isoBox('mdat', Buffer.alloc(64, 9)),
    ]);

    const stripped = stripVideoMetadata(original, 'video/quicktime');

    expect(stripped.length).toBe(original.length);
    expect(text(stripped)).not.toContain(VIDEO_GPS_TEXT);
    expect(text(stripped)).not.toContain('ISO6709');
    expect(text(stripped).match(/free/g)).toHaveLength(2);
    expect(text(stripped)).toContain('tkhd');
  });

  it('zeroes what free and skip boxes still hold, since editing tools leave removed metadata there', () => {
    const original = Buffer.concat([
      ftyp(),
      isoBox('free', isoBox('\u00a9xyz', VIDEO_GPS_TEXT)),
      isoBox('moov', isoBox('mvhd', Buffer.alloc(100)), isoBox('skip', 'Secret Model')),
      isoBox('mdat', Buffer.alloc(32, 1)),
    ]);
    const stripped = stripVideoMetadata(original, 'video/mp4');
    expect(stripped.length).toBe(original.length);
    expect(text(stripped)).not.toContain(VIDEO_GPS_TEXT);
    expect(text(stripped)).not.toContain('Secret Model');
    expect(text(stripped)).toContain('skip');
  });

  it('blanks vendor uuid boxes (XMP) but keeps those inside movie fragments, which streams need', () => {
    const xmp = isoBox(
      'uuid',
      Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'),
      '<x:xmpmeta>GPS</x:xmpmeta>',
    );
    const fragmentUuid = isoBox(
      'uuid',
      Buffer.from('a2394f525a9b4f14a2446c427c648df4', 'hex'),
      'sample-encryption',
    );
    const original = Buffer.concat([
      ftyp(),
      xmp,
      isoBox('moov', isoBox('mvhd', Buffer.alloc(100)), isoBox('mvex', isoBox('trex', Buffer.alloc(24)))),
      isoBox(
        'moof',
        isoBox('mfhd', Buffer.alloc(8)),
        isoBox('traf', isoBox('tfhd', Buffer.alloc(8)), fragmentUuid),
      ),
      isoBox('mdat', Buffer.alloc(32)),
    ]);

    const stripped = stripVideoMetadata(original, 'video/mp4');

    expect(text(stripped)).not.toContain('xmpmeta');
    expect(text(stripped)).toContain('sample-encryption');
    // Only the XMP box changed.
    const xmpStart = ftyp().length;
    for (const [start, end] of changedRuns(original, stripped)) {
      expect(start).toBeGreaterThanOrEqual(xmpStart);
      expect(end).toBeLessThanOrEqual(xmpStart + xmp.length);
    }
  });

  it('reads 64-bit box sizes and a last box that runs to the end of the file', () => {
    const udta = isoBox('udta', isoBox('\u00a9xyz', VIDEO_GPS_TEXT));
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1);
    large.write('udta', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + udta.length - 8), 8);
    const largeUdta = Buffer.concat([large, udta.subarray(8)]);
    const toEnd = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat'), Buffer.alloc(100, 5)]);
    const original = Buffer.concat([
      ftyp(),
      isoBox('moov', isoBox('mvhd', Buffer.alloc(100)), largeUdta),
      toEnd,
    ]);

    const stripped = stripVideoMetadata(original, 'video/mp4');

    expect(stripped.length).toBe(original.length);
    expect(text(stripped)).not.toContain(VIDEO_GPS_TEXT);
    // The 64-bit size stays where it was, so the box keeps its length.
    const start = text(original).indexOf('udta') - 4;
    expect(stripped.readUInt32BE(start)).toBe(1);
    expect(stripped.readBigUInt64BE(start + 8)).toBe(BigInt(largeUdta.length));
    expect(text(stripped).endsWith(text(toEnd))).toBe(true);
  });

  it.each([
    [
      'a box that runs past the end of the file',
      Buffer.concat([ftyp(), isoBox('mdat', Buffer.alloc(64)).subarray(0, 40)]),
    ],
    [
      'a box smaller than its header',
      Buffer.concat([ftyp(), Buffer.from([0, 0, 0, 4]), Buffer.from('mdat')]),
    ],
    [
      'a child that runs past its parent',
      Buffer.concat([ftyp(), isoBox('moov', Buffer.from([0, 0, 1, 0]), 'udta')]),
    ],
    ['a header cut off at the end', Buffer.concat([ftyp(), isoBox('mdat'), Buffer.from([0, 0, 0])])],
    [
      'a 64-bit size beyond the file',
      Buffer.concat([
        ftyp(),
        Buffer.from([0, 0, 0, 1]),
        Buffer.from('mdat'),
        Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]),
      ]),
    ],
    [
      'a compressed movie header (it could hide metadata)',
      Buffer.concat([ftyp('qt  '), isoBox('moov', isoBox('cmov', Buffer.alloc(16)))]),
    ],
    ['filler bytes after the file type box', Buffer.concat([ftyp(), Buffer.alloc(4000, 1)])],
  ])('refuses %s rather than crash or keep it', (_name, bytes) => {
    expect(() => stripVideoMetadata(bytes, 'video/mp4')).toThrow(MalformedVideoError);
  });

  it('walks a hostile file that nests boxes a hundred thousand deep without overflowing the stack', () => {
    const depth = 100_000;
    const nested = Buffer.alloc(depth * 8 + 8 + VIDEO_GPS_TEXT.length);
    for (let level = 0; level < depth; level++) {
      nested.writeUInt32BE(nested.length - level * 8, level * 8);
      nested.write('moov', level * 8 + 4, 'latin1');
    }
    nested.writeUInt32BE(8 + VIDEO_GPS_TEXT.length, depth * 8);
    nested.write(`udta${VIDEO_GPS_TEXT}`, depth * 8 + 4, 'latin1');
    const stripped = stripVideoMetadata(Buffer.concat([ftyp(), nested]), 'video/mp4');
    expect(text(stripped)).not.toContain(VIDEO_GPS_TEXT);
  });
});

// Reads the IDs of a run of EBML elements (8-byte sizes, as the fixtures write them, or 0xEC Voids).
function topLevelIds(bytes: Buffer, start: number, end: number): number[] {
  const ids: number[] = [];
  let offset = start;
  while (offset < end) {
    const first = bytes[offset] ?? 0;
    const idLength = Math.clz32(first) - 23;
    ids.push(bytes.readUIntBE(offset, idLength));
    const sizeStart = offset + idLength;
    const sizeLength = Math.clz32(bytes[sizeStart] ?? 0) - 23;
    let size = (bytes[sizeStart] ?? 0) & (0xff >> sizeLength);
    for (let index = 1; index < sizeLength; index++) size = size * 256 + (bytes[sizeStart + index] ?? 0);
    offset = sizeStart + sizeLength + size;
  }
  expect(offset).toBe(end);
  return ids;
}

const SEGMENT_HEADER_LENGTH = 4 + 8;

describe('stripping metadata from a WebM video', () => {
  it('overwrites the Tags with a Void element of the same length, blanks the title, and still reads as WebM', async () => {
    const original = webmWithLocation();
    expect(text(original)).toContain(VIDEO_GPS_TEXT);

    const stripped = stripVideoMetadata(original, 'video/webm');

    expect(stripped.length).toBe(original.length);
    expect(text(stripped)).not.toContain(VIDEO_GPS_TEXT);
    expect(text(stripped)).not.toContain('LOCATION');
    expect(text(stripped)).not.toContain('Chiamaka at home');
    expect(text(stripped)).toContain('Lavf');
    expect(await fileTypeFromBuffer(stripped)).toMatchObject({ mime: 'video/webm' });
    // Info, Cluster, then a Void where the Tags were; the segment still parses to its end.
    const segmentStart = webmHeader().length + SEGMENT_HEADER_LENGTH;
    expect(topLevelIds(stripped, segmentStart, stripped.length)).toEqual([0x1549a966, 0x1f43b675, 0xec]);
    const cluster = text(original).indexOf('\u001f\u0043\u00b6\u0075');
    const tags = text(original).indexOf('\u0012\u0054\u00c3\u0067');
    expect(Buffer.compare(stripped.subarray(cluster, tags), original.subarray(cluster, tags))).toBe(0);
  });

  it('finds the Tags after the live, unknown-size Segment and Cluster a browser records, and drops their index entry', () => {
    const unknownSize = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const tags = ebmlElement(
      0x1254c367,
      ebmlElement(
        0x7373,
        ebmlElement(0x67c8, ebmlElement(0x45a3, 'LOCATION'), ebmlElement(0x4487, VIDEO_GPS_TEXT)),
      ),
    );
    const seekToTags = ebmlElement(
      0x4dbb,
      ebmlElement(0x53ab, Buffer.from([0x12, 0x54, 0xc3, 0x67])),
      ebmlElement(0x53ac, Buffer.from([0x10, 0x00])),
    );
    const seekToInfo = ebmlElement(
      0x4dbb,
      ebmlElement(0x53ab, Buffer.from([0x15, 0x49, 0xa9, 0x66])),
      ebmlElement(0x53ac, Buffer.from([0x00, 0x40])),
    );
    const original = Buffer.concat([
      webmHeader(),
      Buffer.from([0x18, 0x53, 0x80, 0x67]),
      unknownSize,
      ebmlElement(0x114d9b74, seekToInfo, seekToTags),
      ebmlElement(
        0x1549a966,
        ebmlElement(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])),
        ebmlElement(0x4461, Buffer.alloc(8, 7)),
      ),
      ebmlElement(
        0x1654ae6b,
        ebmlElement(0xae, ebmlElement(0xd7, Buffer.from([1])), ebmlElement(0x536e, 'My flat in Lekki')),
      ),
      Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
      unknownSize,
      ebmlElement(0xe7, Buffer.from([0])),
      ebmlElement(0xa3, Buffer.alloc(256, 4)),
      tags,
    ]);

    const stripped = stripVideoMetadata(original, 'video/webm');

    expect(stripped.length).toBe(original.length);
    expect(text(stripped)).not.toContain(VIDEO_GPS_TEXT);
    expect(text(stripped)).not.toContain('My flat in Lekki');
    // The SeekHead keeps its entry for Info and loses the one for the Tags.
    expect(stripped.includes(seekToInfo)).toBe(true);
    expect(stripped.includes(seekToTags)).toBe(false);
    expect(stripped.includes(Buffer.from([0x07, 0x07, 0x07, 0x07, 0x07, 0x07, 0x07, 0x07]))).toBe(false);
    expect(stripped.subarray(stripped.length - tags.length)[0]).toBe(0xec);
  });

  it('blanks an element too short for an 8-byte Void size with a shorter size field', () => {
    const tinyTags = Buffer.from([0x12, 0x54, 0xc3, 0x67, 0x80]);
    const original = Buffer.concat([
      webmHeader(),
      ebmlElement(0x18538067, ebmlElement(0xe7, Buffer.from([0])), tinyTags),
    ]);
    const stripped = stripVideoMetadata(original, 'video/webm');
    expect([...stripped.subarray(stripped.length - 5)]).toEqual([0xec, 0x10, 0, 0, 0]);
  });

  it.each([
    [
      'an element that runs past the end',
      Buffer.concat([
        webmHeader(),
        ebmlElement(0x18538067, ebmlElement(0xe7, Buffer.alloc(40))).subarray(0, 40),
      ]),
    ],
    [
      'a size with no length marker',
      Buffer.concat([webmHeader(), Buffer.from([0x18, 0x53, 0x80, 0x67, 0x00, 0x01])]),
    ],
    [
      'an ID longer than four bytes',
      Buffer.concat([webmHeader(), Buffer.from([0x08, 0x53, 0x80, 0x67, 0x00, 0x81, 0x00])]),
    ],
    [
      'an unknown size where only a Cluster may have one',
      Buffer.concat([webmHeader(), ebmlElement(0x18538067, Buffer.from([0x12, 0x54, 0xc3, 0x67, 0xff]))]),
    ],
    [
      'a file that does not start with an EBML header',
      ebmlElement(0x18538067, ebmlElement(0xe7, Buffer.from([0]))),
    ],
    [
      'a child that runs past its parent',
      Buffer.concat([
        webmHeader(),
        ebmlElement(0x18538067, ebmlElement(0x1549a966, Buffer.from([0x7b, 0xa9, 0x90]))),
      ]),
    ],
  ])('refuses %s rather than crash or keep it', (_name, bytes) => {
    expect(() => stripVideoMetadata(bytes, 'video/webm')).toThrow(MalformedVideoError);
  });
});
