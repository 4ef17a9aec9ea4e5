// Reading an MPEG-1 Layer III stream frame by frame: where each frame starts, how long it is, where its
// main data area begins and its `main_data_begin` (how many main-data bytes of earlier frames, the "bit
// reservoir", it borrows). This is what splicing two encodes needs.

export interface Mp3FrameInfo {
  offset: number;
  length: number;
  /** Offset of the first byte after header, CRC and side information: the frame's own main-data area. */
  mainDataStart: number;
  /** Main-data bytes this frame takes from before its own area. */
  mainDataBegin: number;
}

const KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const RATES = [44100, 48000, 32000];

export function readMp3Frames(bytes: Uint8Array): Mp3FrameInfo[] {
  const frames: Mp3FrameInfo[] = [];
  let offset = 0;
  while (offset + 6 <= bytes.length) {
    const b1 = bytes[offset + 1], b2 = bytes[offset + 2], b3 = bytes[offset + 3];
    const mpeg1Layer3 = bytes[offset] === 0xff && (b1 & 0xfe) === 0xfa;
    if (!mpeg1Layer3) break;
    const length = Math.floor((144_000 * KBPS[b2 >> 4]) / RATES[(b2 >> 2) & 3]) + ((b2 >> 1) & 1);
    const crcBytes = b1 & 1 ? 0 : 2;
    const sideInfoBytes = b3 >> 6 === 3 ? 17 : 32;
    const sideInfo = offset + 4 + crcBytes;
    frames.push({
      offset,
      length,
      mainDataStart: sideInfo + sideInfoBytes,
      mainDataBegin: (bytes[sideInfo] << 1) | (bytes[sideInfo + 1] >> 7),
    });
    offset += length;
  }
  return frames;
}

/** Byte positions of the last `count` main-data bytes before frame `index` (nearest first). */
export function reservoirPositions(frames: Mp3FrameInfo[], index: number, count: number): number[] {
  const positions: number[] = [];
  for (let k = index - 1; k >= 0 && positions.length < count; k--) {
    const frame = frames[k];
    for (let p = frame.offset + frame.length - 1; p >= frame.mainDataStart && positions.length < count; p--) positions.push(p);
  }
  return positions;
}
