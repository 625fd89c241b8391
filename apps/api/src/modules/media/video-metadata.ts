// Note: there is no ffmpeg on the server, so a video cannot be re-encoded the way pictures are. Its
// metadata (a phone's GPS position, the camera, the owner's name) is blanked in place instead: every
// box or element that carries it keeps its exact length and is turned into padding, so no size and no
// offset in the file changes and the video still plays. A file whose structure cannot be walked to
// the end is refused, never stored as it came.

export class MalformedVideoError extends Error {
  constructor(reason: string) {
    super(`video structure not readable: ${reason}`);
    this.name = 'MalformedVideoError';
  }
}

// Returns a copy of the video with its metadata blanked; the bytes passed in are left untouched.
export function stripVideoMetadata(bytes: Uint8Array, mime: string): Buffer {
  const file = Buffer.from(bytes);
  if (mime === 'video/mp4' || mime === 'video/quicktime') blankIsoMetadata(file);
  else if (mime === 'video/webm') blankWebmMetadata(file);
  else throw new MalformedVideoError(`no metadata walker for ${mime}`);
  return file;
}

// ---- MP4 and QuickTime (ISO base media file format): a tree of boxes, each `size` + 4-char type ----

// Boxes holding other boxes and nothing else, walked to find metadata deeper down.
const ISO_CONTAINERS = new Set([
  'moov',
  'trak',
  'mdia',
  'minf',
  'stbl',
  'edts',
  'moof',
  'traf',
  'mvex',
  'dinf',
]);
// User data (©xyz location, ©mak/©mod camera, XMP_) and metadata (Apple's location keys, iTunes tags).
const ISO_METADATA = new Set(['udta', 'meta']);
// Inside movie fragments, PIFF keeps the sample encryption and timing boxes a stream needs in `uuid`
// boxes; anywhere else a `uuid` box is a vendor extension (XMP, Sony and Canon user metadata).
const ISO_FRAGMENTS = new Set(['moof', 'traf']);
// Padding; but editing tools leave the metadata they "removed" in it, so its payload is zeroed too.
const ISO_PADDING = new Set(['free', 'skip']);

type IsoBox = { type: string; start: number; headerSize: number; end: number };

function readIsoBox(file: Buffer, offset: number, end: number): IsoBox {
  const remaining = end - offset;
  if (remaining < 8) throw new MalformedVideoError(`box header cut off at ${offset}`);
  const size32 = file.readUInt32BE(offset);
  const type = file.toString('latin1', offset + 4, offset + 8);
  let size = size32;
  let headerSize = 8;
  if (size32 === 1) {
    if (remaining < 16) throw new MalformedVideoError(`64-bit box size cut off at ${offset}`);
    const largeSize = file.readBigUInt64BE(offset + 8);
    if (largeSize > BigInt(remaining)) throw new MalformedVideoError(`box at ${offset} runs past its parent`);
    size = Number(largeSize);
    headerSize = 16;
  } else if (size32 === 0) {
    // The box runs to the end of the file (or of its parent).
    size = remaining;
  }
  if (size < headerSize) throw new MalformedVideoError(`box at ${offset} is smaller than its header`);
  if (size > remaining) throw new MalformedVideoError(`box at ${offset} runs past its parent`);
  return { type, start: offset, headerSize, end: offset + size };
}

// Turns a box into a `free` box of the same size, its payload zeroed; the size field (32- or 64-bit)
// stays as it was.
function blankIsoBox(file: Buffer, box: IsoBox) {
  file.write('free', box.start + 4, 'latin1');
  file.fill(0, box.start + box.headerSize, box.end);
}

function blankIsoMetadata(file: Buffer) {
  // An explicit list rather than recursion: a hostile file nesting boxes a million deep cannot
  // overflow the stack.
  const ranges: { start: number; end: number; parent: string | null }[] = [
    { start: 0, end: file.length, parent: null },
  ];
  for (let range = ranges.pop(); range; range = ranges.pop()) {
    let offset = range.start;
    while (offset < range.end) {
      // QuickTime may end a list of atoms with a 32-bit zero.
      if (range.parent && range.end - offset === 4 && file.readUInt32BE(offset) === 0) break;
      const box = readIsoBox(file, offset, range.end);
      // Note: a compressed movie header cannot be checked for metadata without inflating it.
      if (box.type === 'cmov') throw new MalformedVideoError('compressed movie header');
      const isVendorBox = box.type === 'uuid' && !(range.parent && ISO_FRAGMENTS.has(range.parent));
      if (ISO_METADATA.has(box.type) || isVendorBox) {
        blankIsoBox(file, box);
      } else if (ISO_PADDING.has(box.type)) {
        file.fill(0, box.start + box.headerSize, box.end);
      } else if (ISO_CONTAINERS.has(box.type)) {
        ranges.push({ start: box.start + box.headerSize, end: box.end, parent: box.type });
      }
      offset = box.end;
    }
  }
}

// ---- WebM (Matroska's EBML): elements of variable-length ID + variable-length size + data ----

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const CLUSTER = 0x1f43b675;
const VOID = 0xec;
const CRC32 = 0xbf;
// Tags (any key, ffmpeg writes a source file's `location` there), Attachments (whole files, a
// picture with its own EXIF) and Chapters (titles): blanked entirely.
const WEBM_STRIPPED_SECTIONS = new Set([0x1254c367, 0x1941a469, 0x1043a770]);
// The segment's Title and DateUTC; the MuxingApp and WritingApp it must keep say nothing personal.
const WEBM_STRIPPED_INFO = new Set([0x7ba9, 0x4461]);
const WEBM_TRACK_NAME = 0x536e;
// What a Cluster may hold; a Cluster of unknown size (a live recording, as browsers make them) ends
// at the first element that is not one of these.
const CLUSTER_CHILDREN = new Set([0xe7, 0x5854, 0xa7, 0xab, 0xa3, 0xa0, 0xaf, VOID, CRC32]);

type EbmlElement = { id: number; start: number; dataStart: number; end: number; isUnknownSize: boolean };

// The length of a variable-length integer, from the position of the first set bit of its first byte.
function vintLength(first: number | undefined, maxLength: number, offset: number): number {
  if (first === undefined) throw new MalformedVideoError(`element cut off at ${offset}`);
  const length = Math.clz32(first) - 23;
  if (first === 0 || length > maxLength) {
    throw new MalformedVideoError(`invalid variable-length integer at ${offset}`);
  }
  return length;
}

function readEbmlElement(file: Buffer, offset: number, end: number): EbmlElement {
  const idLength = vintLength(file[offset], 4, offset);
  if (offset + idLength > end) throw new MalformedVideoError(`element ID cut off at ${offset}`);
  const id = file.readUIntBE(offset, idLength);

  const sizeOffset = offset + idLength;
  const sizeLength = vintLength(file[sizeOffset], 8, sizeOffset);
  const dataStart = sizeOffset + sizeLength;
  if (dataStart > end) throw new MalformedVideoError(`element size cut off at ${sizeOffset}`);
  const marker = 0xff >> sizeLength;
  let size = (file[sizeOffset] ?? 0) & marker;
  let isUnknownSize = size === marker;
  for (let index = sizeOffset + 1; index < dataStart; index++) {
    const byte = file[index] ?? 0;
    isUnknownSize &&= byte === 0xff;
    // Past 2^53 the value is no longer exact, but it is then far beyond the end anyway.
    size = size * 256 + byte;
  }
  if (isUnknownSize) return { id, start: offset, dataStart, end, isUnknownSize };
  if (size > end - dataStart) throw new MalformedVideoError(`element at ${offset} runs past its parent`);
  return { id, start: offset, dataStart, end: dataStart + size, isUnknownSize };
}

// Overwrites an element with a Void element of exactly the same total length: ID 0xEC, a size field
// as long as fits (at most 8 bytes), zeroed data.
function blankEbmlElement(file: Buffer, element: { start: number; end: number }) {
  const total = element.end - element.start;
  const sizeLength = Math.min(8, total - 1);
  let dataLength = total - 1 - sizeLength;
  file.fill(0, element.start, element.end);
  file[element.start] = VOID;
  for (let index = element.start + sizeLength; index > element.start; index--) {
    file[index] = dataLength % 256;
    dataLength = Math.floor(dataLength / 256);
  }
  file[element.start + 1] = (file[element.start + 1] ?? 0) | (0x80 >> (sizeLength - 1));
}

// The children of an element of known size; none of them may be of unknown size.
function ebmlChildren(file: Buffer, parent: EbmlElement): EbmlElement[] {
  const children: EbmlElement[] = [];
  let offset = parent.dataStart;
  while (offset < parent.end) {
    const child = readEbmlElement(file, offset, parent.end);
    if (child.isUnknownSize)
      throw new MalformedVideoError(`unknown size inside a sized element at ${offset}`);
    children.push(child);
    offset = child.end;
  }
  return children;
}

// Blanks the children `shouldBlank` picks and answers whether any was; the parent's CRC-32 no longer
// matches then, so it goes too.
function blankEbmlChildren(
  file: Buffer,
  parent: EbmlElement,
  shouldBlank: (child: EbmlElement) => boolean,
): boolean {
  const children = ebmlChildren(file, parent);
  const blanked = children.filter(shouldBlank);
  if (blanked.length === 0) return false;
  const checksums = children.filter((child) => child.id === CRC32);
  for (const child of [...blanked, ...checksums]) blankEbmlElement(file, child);
  return true;
}

// The element ID a SeekHead entry points at, or null.
function seekTarget(file: Buffer, seek: EbmlElement): number | null {
  const seekId = ebmlChildren(file, seek).find((child) => child.id === SEEK_ID);
  const length = seekId ? seekId.end - seekId.dataStart : 0;
  if (!seekId || length < 1 || length > 4) return null;
  return file.readUIntBE(seekId.dataStart, length);
}

function blankSegmentChild(file: Buffer, child: EbmlElement) {
  if (WEBM_STRIPPED_SECTIONS.has(child.id)) {
    blankEbmlElement(file, child);
  } else if (child.id === INFO) {
    blankEbmlChildren(file, child, (field) => WEBM_STRIPPED_INFO.has(field.id));
  } else if (child.id === TRACKS) {
    const renamed = ebmlChildren(file, child)
      .filter((entry) => entry.id === TRACK_ENTRY)
      .map((entry) => blankEbmlChildren(file, entry, (field) => field.id === WEBM_TRACK_NAME));
    if (renamed.includes(true)) blankEbmlChildren(file, child, (field) => field.id === CRC32);
  } else if (child.id === SEEK_HEAD) {
    // The index entries pointing at a blanked section go too, so that no reader looks for it.
    blankEbmlChildren(file, child, (entry) => {
      const target = entry.id === SEEK ? seekTarget(file, entry) : null;
      return target !== null && WEBM_STRIPPED_SECTIONS.has(target);
    });
  }
}

// Walks a Segment's children and answers where the Segment ends.
function blankSegment(file: Buffer, segment: EbmlElement): number {
  let offset = segment.dataStart;
  while (offset < segment.end) {
    const child = readEbmlElement(file, offset, segment.end);
    // A Segment of unknown size ends where the next file in a chain begins.
    if (segment.isUnknownSize && (child.id === EBML_HEADER || child.id === SEGMENT)) return offset;
    if (child.isUnknownSize) {
      if (child.id !== CLUSTER) throw new MalformedVideoError(`unknown size outside a Cluster at ${offset}`);
      offset = endOfUnknownSizeCluster(file, child);
      continue;
    }
    blankSegmentChild(file, child);
    offset = child.end;
  }
  return segment.end;
}

function endOfUnknownSizeCluster(file: Buffer, cluster: EbmlElement): number {
  let offset = cluster.dataStart;
  while (offset < cluster.end) {
    const child = readEbmlElement(file, offset, cluster.end);
    if (!CLUSTER_CHILDREN.has(child.id)) return offset;
    if (child.isUnknownSize) throw new MalformedVideoError(`unknown size inside a Cluster at ${offset}`);
    offset = child.end;
  }
  return cluster.end;
}

function blankWebmMetadata(file: Buffer) {
  let offset = 0;
  while (offset < file.length) {
    const element = readEbmlElement(file, offset, file.length);
    if (offset === 0 && element.id !== EBML_HEADER) throw new MalformedVideoError('no EBML header');
    if (element.id === SEGMENT) {
      offset = blankSegment(file, element);
      continue;
    }
    if (element.isUnknownSize) throw new MalformedVideoError(`unknown size at top level at ${offset}`);
    offset = element.end;
  }
}
