// Las palabras de la pasada hacia atrás en español (same ids and arguments as words-en.ts).
export const SPANISH = `
backward-matrix-weights = pesos w
backward-matrix-output = salida = w·V
backward-seed = semilla (Q, K, V y g aleatorias nuevas)
backward-inputs-title = La pasada hacia delante, como antes
backward-inputs-text-one = La pasada hacia atrás empieza donde terminó la pasada hacia delante. Reutiliza sus números: los pesos w y los valores V (y, más atrás, Q y K), así que nada se calcula dos veces. Una consulta, { $m } claves, d_k = { $dk }, d_v = { $dv }. Edita cualquier entrada para ver cómo cambian todos los gradientes.
backward-inputs-text = La pasada hacia atrás empieza donde terminó la pasada hacia delante. Reutiliza sus números: los pesos w y los valores V (y, más atrás, Q y K), así que nada se calcula dos veces. { $n } consultas, { $m } claves, d_k = { $dk }, d_v = { $dv }. Edita cualquier entrada para ver cómo cambian todos los gradientes.
backward-grad-output-title = La pérdida, y g = ∂L/∂output
backward-grad-output-text = Una pérdida L mide lo lejos que está la salida de lo que queremos. Aquí L suma cada número de la salida multiplicado por su número en g, así que ∂L/∂output es el propio g: cada número dice lo rápido que crece L cuando crece ese número de la salida. Aprender reduce L, así que empuja cada número de la salida en contra del signo de su g. Edita g para elegir otra pérdida.
backward-grad-value-title = Valores: ∂L/∂V = wᵀ·g
backward-grad-value-text = La fila de valores j llegó a cada fila de salida i a través del peso wᵢⱼ, así que su gradiente suma los gradientes de la salida, cada uno ponderado por cuánto miró esa consulta a la clave j. Un valor al que las consultas apenas miraron recibe poca culpa. Selecciona un número para ver su suma.
backward-grad-weights-title = Pesos: ∂L/∂w = g·Vᵀ
backward-grad-weights-text = Un peso wᵢⱼ mezcló la fila de valores j en la fila de salida i, así que subirlo un poco cambia L en g_i·v_j. Un número negativo significa que más peso en esa clave reduciría la pérdida.
backward-grad-scaled-title = El softmax hacia atrás: ∂L/∂scaled
backward-grad-scaled-text = Cada fila de pesos suma 1, así que una puntuación solo puede ganar peso quitándoselo a las demás claves. El gradiente del softmax lo refleja: a cada gⱼ = ∂L/∂wⱼ le resta la media ponderada de la fila Σₖ wₖ·gₖ (su propia columna) y luego multiplica por wⱼ. Una clave mejor que la media para la pérdida recibe un gradiente negativo, y cada fila suma 0.
backward-grad-scaled-masked = Una puntuación bloqueada se sustituyó por una constante, así que no recibe gradiente.
backward-grad-scores-title = Escalar: dividir entre √d_k = { $sqrtdk }
backward-grad-scores-text = La pasada hacia delante dividió cada puntuación entre √d_k, así que un cambio en una puntuación llega a la pérdida también dividido entre √d_k: cada gradiente se divide entre √{ $dk }.
backward-grad-query-title = Consultas: ∂L/∂Q = ∂L/∂scores·K
backward-grad-query-text = scoreᵢⱼ = qᵢ·kⱼ crece cuando qᵢ se mueve hacia kⱼ. Por eso el gradiente de la consulta mezcla las filas de claves, cada una según cuánto debería cambiar su puntuación.
backward-grad-key-title = Claves: ∂L/∂K = (∂L/∂scores)ᵀ·Q
backward-grad-key-text = La misma puntuación crece cuando kⱼ se mueve hacia qᵢ, así que el gradiente de cada clave mezcla las filas de consultas, cada una según cuánto debería cambiar la puntuación de esa consulta sobre la clave.
backward-update-title = Un paso de aprendizaje: θ ← θ − η·∂L/∂θ
backward-update-text = Aquí no cambia nada. Un paso de aprendizaje restaría de cada matriz un pequeño múltiplo η (la tasa de aprendizaje) de su gradiente, lo que reduce L un poco. En un transformer, Q, K y V se calculan a partir de los tokens como X·W_Q, X·W_K y X·W_V, así que estos gradientes fluyen un paso más atrás, hasta las matrices de pesos que cambia el entrenamiento.
`;
