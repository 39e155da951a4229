/**
 * A command line read by Node's util.parseArgs (strict: only the options declared, no positional
 * arguments), its mistakes worded as the rest of our commands word them, each naming the flag:
 * "--out: expected a value", "--embed: takes no value", and the caller's sentence for an
 * argument that is not one of its options. Shared by `attention-lab export` (scripts/cli/export.mjs)
 * and `npm run build:scorm` (scripts/offline/scorm-package.mjs).
 */
import { parseArgs } from 'node:util';

/**
 * @template {import('node:util').ParseArgsOptionsConfig} T
 * @param {string[]} args
 * @param {T} options
 * @param {(flag: string) => string} unknown the message for an argument that is not an option
 * @param {new (message: string) => Error} [Failure] the error thrown (the CLI's UsageError)
 */
export function readFlags(args, options, unknown, Failure = Error) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const flag = /'([^' ]+)/.exec(error.message)?.[1] ?? '';
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new Failure(unknown(flag));
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new Failure(/does not take an argument/.test(error.message) ? `${flag}: takes no value` : `${flag}: expected a value`);
    }
    throw error;
  }
}
