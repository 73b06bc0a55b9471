// Counts the frames of a GIF as its bytes stream past, without holding the file: an
// animated GIF is one with more than one image descriptor (a NETSCAPE2.0 loop extension
// alone does not make one, a second frame does). Only the block structure is walked;
// the LZW data is skipped.

type State =
  | 'header' // 13 bytes: signature, version, logical screen descriptor
  | 'skip' // `skip` bytes to ignore, then `after`
  | 'block' // one byte: 0x21 extension, 0x2c image, 0x3b trailer
  | 'extLabel'
  | 'image' // 9 bytes of image descriptor
  | 'lzwMin'
  | 'subBlock' // one byte: the size of the next data sub-block, 0 ends the list
  | 'done'
  | 'bad';

export class GifFrameCounter {
  frames = 0;
  private state: State = 'header';
  private after: State = 'block';
  private skip = 0;
  private need: number[] = [];

  /** Feeds the next bytes; returns the frame count so far. */
  feed(chunk: Uint8Array): number {
    let i = 0;
    while (i < chunk.length && this.state !== 'done' && this.state !== 'bad') {
      if (this.state === 'skip') {
        const n = Math.min(this.skip, chunk.length - i);
        i += n;
        this.skip -= n;
        if (this.skip === 0) this.state = this.after;
        continue;
      }
      const byte = chunk[i++] ?? 0;
      this.step(byte);
    }
    return this.frames;
  }

  /** True once the trailer was seen: the file is complete. */
  get complete(): boolean {
    return this.state === 'done';
  }

  /** True when the bytes do not follow GIF's block structure. */
  get malformed(): boolean {
    return this.state === 'bad';
  }

  private skipThen(n: number, next: State): void {
    if (n === 0) {
      this.state = next;
      return;
    }
    this.skip = n;
    this.after = next;
    this.state = 'skip';
  }

  private step(byte: number): void {
    switch (this.state) {
      case 'header': {
        this.need.push(byte);
        if (this.need.length < 13) return;
        const flags = this.need[10] ?? 0;
        this.need = [];
        // Global colour table: 3 × 2^(size+1) bytes when the flag is set.
        this.skipThen(flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0, 'block');
        return;
      }
      case 'block':
        if (byte === 0x21) this.state = 'extLabel';
        else if (byte === 0x2c) this.state = 'image';
        else if (byte === 0x3b) this.state = 'done';
        else this.state = 'bad';
        return;
      case 'extLabel':
        this.state = 'subBlock';
        return;
      case 'image': {
        this.need.push(byte);
        if (this.need.length < 9) return;
        const flags = this.need[8] ?? 0;
        this.need = [];
        this.frames++;
        this.skipThen(flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0, 'lzwMin');
        return;
      }
      case 'lzwMin':
        this.state = 'subBlock';
        return;
      case 'subBlock':
        this.skipThen(byte, byte === 0 ? 'block' : 'subBlock');
        return;
      default:
        return;
    }
  }
}
