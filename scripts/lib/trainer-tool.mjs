// lab.createTrainer's options as the arguments of the native build/native/attn_trainer_run
// (cpp/tools/trainer_run.cpp), which names them as JavaScript does: task=iris model.dModel=64 …
// Shared by scripts/trainer-fixture.mjs and the bench:train native contender.

/** @param {Record<string, unknown>} options @returns {string[]} */
export function toolArguments(options) {
  return Object.entries(options).flatMap(([name, value]) =>
    value !== null && typeof value === 'object'
      ? Object.entries(value).map(([field, v]) => `${name}.${field}=${v}`)
      : [`${name}=${value}`]);
}
