// Bad input to the singing engine (a lyric line timed backwards, a note of no length, an emphasis out of
// range): the web layer answers 400 with `field` and `reason` instead of failing the job with a 500.
export class VocalInputError extends Error {
  constructor(readonly field: string, readonly reason: string) {
    super(`${field}: ${reason}`);
    this.name = "VocalInputError";
  }
}
