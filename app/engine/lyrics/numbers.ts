// Numbers as they are sung: "21" -> "twenty one", "1999" -> "nineteen ninety nine", "3rd" -> "third".
const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES: [number, string][] = [[1_000_000_000, "billion"], [1_000_000, "million"], [1_000, "thousand"], [100, "hundred"]];
const ORDINAL_ENDINGS: Record<string, string> = { one: "first", two: "second", three: "third", five: "fifth", eight: "eighth", nine: "ninth", twelve: "twelfth" };

function cardinal(value: number): string[] {
  if (value < 20) return [ONES[value]];
  if (value < 100) return value % 10 === 0 ? [TENS[value / 10]] : [TENS[Math.floor(value / 10)], ONES[value % 10]];
  for (const [size, name] of SCALES) {
    if (value >= size) {
      const rest = value % size;
      return [...cardinal(Math.floor(value / size)), name, ...(rest ? cardinal(rest) : [])];
    }
  }
  return [];
}

/** Years are sung in pairs ("nineteen ninety nine"); other whole numbers as cardinals. */
function integerWords(digits: string): string[] {
  if (digits.length > 12) return digits.split("").map((digit) => ONES[Number(digit)]);
  const value = Number(digits);
  if (digits.length === 4 && value >= 1100 && value < 2000 && value % 100 !== 0) {
    const low = value % 100;
    return [...cardinal(Math.floor(value / 100)), ...(low < 10 ? ["oh", ONES[low]] : cardinal(low))];
  }
  return cardinal(value);
}

function ordinal(words: string[]): string[] {
  const last = words[words.length - 1];
  const spoken = ORDINAL_ENDINGS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), spoken];
}

/** The words of a token made of digits ("42", "3.5", "1st", "1,000"), or null when it is not a number. */
export function numberWords(token: string): string[] | null {
  const match = /^(\d[\d,]*)(?:\.(\d+))?(st|nd|rd|th)?$/.exec(token);
  if (!match) return null;
  const whole = integerWords(match[1].replaceAll(",", ""));
  if (match[3]) return ordinal(whole);
  if (match[2]) return [...whole, "point", ...match[2].split("").map((digit) => ONES[Number(digit)])];
  return whole;
}
