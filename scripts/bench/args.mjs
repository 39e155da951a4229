// Command-line arguments of the benchmark scripts, read one by one: the handler is called with
// each argument and helpers that take its value (and check it), so each script lists only its
// own options.

/**
 * @param {string[]} argv
 * @param {(arg: string, take: { value: () => string, count: (min: number, text?: string) => number, positive: (text?: string) => number }) => void} handle
 *   throws for an argument it does not know
 */
export function readArgs(argv, handle) {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg}: expected a value`);
      i += 1;
      return argv[i];
    };
    const count = (min, text = value()) => {
      const x = Number(text);
      if (!Number.isInteger(x) || x < min) throw new Error(`${arg}: expected a whole number ≥ ${min}, got ${text}`);
      return x;
    };
    const positive = (text = value()) => {
      const x = Number(text);
      if (!(x > 0) || !Number.isFinite(x)) throw new Error(`${arg}: expected a positive number, got ${text}`);
      return x;
    };
    handle(arg, { value, count, positive });
  }
}
