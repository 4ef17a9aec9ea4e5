import { PROMPT_IDEAS, promptIdeas } from "~/engine/lyrics";

describe("prompt ideas", () => {
  it("offers at least 20 distinct ideas", () => {
    expect(PROMPT_IDEAS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(PROMPT_IDEAS).size).toBe(PROMPT_IDEAS.length);
  });

  it("returns the asked number, distinct, the same for a seed and shuffled by it", () => {
    const five = promptIdeas(5, 7);
    expect(five).toHaveLength(5);
    expect(new Set(five).size).toBe(5);
    expect(promptIdeas(5, 7)).toEqual(five);
    expect(promptIdeas(5, 8)).not.toEqual(five);
    expect(promptIdeas(1000, 1)).toHaveLength(PROMPT_IDEAS.length);
    expect(promptIdeas(-1, 1)).toEqual([]);
  });
});
