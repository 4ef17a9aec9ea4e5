// In-place iterative radix-2 complex FFT. Pitch and onset analysis run thousands of frames per take,
// so tables are built once per size and reused.

interface FftTables {
  cos: Float64Array;
  sin: Float64Array;
  reversed: Uint32Array;
}

const tablesBySize = new Map<number, FftTables>();

function tables(size: number): FftTables {
  const cached = tablesBySize.get(size);
  if (cached) return cached;
  if (size < 2 || (size & (size - 1)) !== 0) throw new Error(`FFT size must be a power of two, got ${size}`);
  const half = size / 2;
  const cos = new Float64Array(half);
  const sin = new Float64Array(half);
  for (let index = 0; index < half; index++) {
    cos[index] = Math.cos((2 * Math.PI * index) / size);
    sin[index] = -Math.sin((2 * Math.PI * index) / size);
  }
  const bits = Math.log2(size);
  const reversed = new Uint32Array(size);
  for (let index = 0; index < size; index++) {
    let value = 0;
    for (let bit = 0; bit < bits; bit++) value |= ((index >> bit) & 1) << (bits - 1 - bit);
    reversed[index] = value;
  }
  const built = { cos, sin, reversed };
  tablesBySize.set(size, built);
  return built;
}

/** Forward transform of (real, imag) in place; `inverse` conjugates the twiddles and divides by the size. */
export function fft(real: Float64Array, imag: Float64Array, inverse = false): void {
  const size = real.length;
  const { cos, sin, reversed } = tables(size);
  for (let index = 0; index < size; index++) {
    const other = reversed[index];
    if (other > index) {
      const r = real[index];
      real[index] = real[other];
      real[other] = r;
      const i = imag[index];
      imag[index] = imag[other];
      imag[other] = i;
    }
  }
  const sign = inverse ? -1 : 1;
  for (let span = 2; span <= size; span *= 2) {
    const halfSpan = span / 2;
    const stride = size / span;
    for (let start = 0; start < size; start += span) {
      for (let offset = 0; offset < halfSpan; offset++) {
        const twiddleCos = cos[offset * stride];
        const twiddleSin = sign * sin[offset * stride];
        const even = start + offset;
        const odd = even + halfSpan;
        const oddReal = real[odd] * twiddleCos - imag[odd] * twiddleSin;
        const oddImag = real[odd] * twiddleSin + imag[odd] * twiddleCos;
        real[odd] = real[even] - oddReal;
        imag[odd] = imag[even] - oddImag;
        real[even] += oddReal;
        imag[even] += oddImag;
      }
    }
  }
  if (inverse) {
    for (let index = 0; index < size; index++) {
      real[index] /= size;
      imag[index] /= size;
    }
  }
}
