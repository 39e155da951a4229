// What every bundled app does with the engine: the worked example, shown on the page, and the
// refusal of a bad input, as data attributes the test reads.
export async function show(loading) {
  const status = document.getElementById('status');
  try {
    const lab = await loading;
    const example = { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };
    const { weights, output } = lab.attention(example);
    let refusal = '';
    try {
      lab.attention({ ...example, key: [[1, 0], [0, 1], [1]] });
    } catch (error) {
      refusal = `${error.name}: ${error.message}`;
    }
    status.dataset.weights = JSON.stringify(weights);
    status.dataset.output = JSON.stringify(output);
    status.dataset.refusal = refusal;
    status.textContent = `output ${output[0].map((x) => x.toFixed(3)).join(', ')}`;
  } catch (error) {
    status.dataset.error = String(error && error.stack || error);
    status.textContent = `failed: ${error}`;
  }
}
