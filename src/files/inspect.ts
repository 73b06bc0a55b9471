// A pass-through stream that checks an upload while it flows to storage: it counts the
// bytes against the limit (the overall maximum until the type is known, then the kind's),
// sniffs the first SNIFF_BYTES, and walks a GIF's blocks to refuse animations. It fails
// the stream at the first byte over a limit, so nothing larger is ever read or written.
import { Transform, type TransformCallback } from 'node:stream';
import { Forbidden, UnsupportedType } from '../errors.ts';
import { checkClaim } from './claimed-kind.ts';
import { GifFrameCounter } from './gif.ts';
import { type Detected, LIMITS, MAX_UPLOAD, SNIFF_BYTES, sniff, tooLarge } from './sniff.ts';

export class UploadInspector extends Transform {
  size = 0;
  detected: Detected | null = null;
  private head: Buffer[] = [];
  private headLength = 0;
  private gif: GifFrameCounter | null = null;
  /** The upload's name: a media type it claims must be what the bytes are (claimed-kind.ts). */
  private readonly fileName: string;
  /** The kinds this upload may be (a visitor's: what the chatbot enables), with why; all when null. */
  private readonly allowed: ReadonlyMap<string, string> | null;

  constructor(fileName: string, allowed: ReadonlyMap<string, string> | null = null) {
    super();
    this.fileName = fileName;
    this.allowed = allowed;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.accept(chunk).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    this.finish().then(() => done(), done);
  }

  private async accept(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    this.checkSize();
    if (this.detected) return this.pass(chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength >= SNIFF_BYTES) await this.decide();
  }

  private async finish(): Promise<void> {
    if (!this.detected) await this.decide();
    if (this.gif && this.gif.frames === 0) {
      throw new UnsupportedType('file: image/gif without any image is not a supported GIF');
    }
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.detected = await sniff(head.subarray(0, SNIFF_BYTES));
    checkClaim(this.fileName, this.detected);
    // Refused as soon as the kind is known: nothing more of a refused kind is read.
    if (this.allowed && !this.allowed.has(this.detected.kind)) {
      const kinds = [...this.allowed.values()].join(', ') || 'none';
      throw new Forbidden(
        `file: this chatbot does not take ${this.detected.kind} files from visitors (it takes: ${kinds})`,
      );
    }
    if (this.detected.mime === 'image/gif') this.gif = new GifFrameCounter();
    this.checkSize();
    this.pass(head);
  }

  private pass(chunk: Buffer): void {
    if (this.gif) {
      if (this.gif.feed(chunk) > 1) {
        throw new UnsupportedType('file: animated GIFs are not supported (image/gif with more than one frame)');
      }
      // A broken structure would hide later frames from the count: refuse rather than guess.
      if (this.gif.malformed)
        throw new UnsupportedType('file: image/gif with a broken block structure is not supported');
    }
    this.push(chunk);
  }

  private checkSize(): void {
    const kind = this.detected?.kind ?? null;
    if (this.size > (kind ? LIMITS[kind] : MAX_UPLOAD)) throw tooLarge(kind);
  }
}
