/**
 * RFC 5734 data unit framing: a 4-byte big-endian total length (header included) followed by the XML instance.
 */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;

export function encodeFrame(xml: string): Buffer {
  const len = Buffer.byteLength(xml, 'utf8');
  const frame = Buffer.allocUnsafe(len + 4);
  frame.writeUInt32BE(len + 4, 0);
  frame.write(xml, 4, 'utf8');
  return frame;
}

export class FrameError extends Error {}

/** Accumulates socket chunks and yields whole frames. */
export class FrameDecoder {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): string[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: string[] = [];
    while (this.buf.length >= 4) {
      const total = this.buf.readUInt32BE(0);
      if (total < 5 || total > MAX_FRAME_BYTES) throw new FrameError(`bad EPP frame length ${total}`);
      if (this.buf.length < total) break;
      out.push(this.buf.subarray(4, total).toString('utf8'));
      this.buf = this.buf.subarray(total);
    }
    return out;
  }
}
