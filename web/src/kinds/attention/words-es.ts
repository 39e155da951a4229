// Las palabras del tipo «atención» en español: pasos, rótulos y parámetros (same ids and
// arguments as words-en.ts; tests/page/i18n.test.mjs). Loaded only when the page speaks Spanish.
export const SPANISH = `
attention-matrix-query = Q — consultas
attention-matrix-key = K — claves
attention-matrix-value = V — valores
attention-matrix-scores = puntuaciones = QKᵀ
attention-matrix-scaled = escaladas = puntuaciones / √d_k
attention-matrix-weights = pesos = softmax
attention-matrix-output = salida = pesos·V
attention-matrix-masked = puntuaciones enmascaradas
attention-matrix-mask = máscara A
attention-caption-mask = { $title } ({ $shape }): 1 = atender, 0 = bloqueada
attention-inputs-title = Las entradas
attention-inputs-text-one = Una consulta de anchura d_k = { $dk } se encuentra con { $m } claves de la misma anchura; cada clave lleva un valor de anchura d_v = { $dv }. Edita cualquier número para ver cómo cambian todos los pasos.
attention-inputs-text = { $n } consultas de anchura d_k = { $dk } se encuentran con { $m } claves de la misma anchura; cada clave lleva un valor de anchura d_v = { $dv }. Edita cualquier número para ver cómo cambian todos los pasos.
attention-scores-title = Puntuaciones: cuánto coincide cada consulta con cada clave
attention-scores-text = Cada puntuación es el producto escalar de una fila de consultas con una fila de claves: se multiplican las componentes correspondientes y se suman. Una puntuación alta indica una buena coincidencia. Selecciona una puntuación para ver su suma.
attention-scale-title = Escalar: dividir entre √d_k = { $sqrtdk }
attention-scale-text = Los productos escalares de vectores más largos crecen más, y eso volvería extremo el softmax. Dividir entre √d_k (aquí √{ $dk }) mantiene su dispersión igual sea cual sea la anchura.
attention-mask-title = Máscara: bloquear lo que no se puede ver
attention-mask-text-infinite = La máscara A indica qué claves puede ver cada consulta: 1 = atender, 0 = bloqueada. La fórmula suma M, construida a partir de A: 0 donde A es 1 (la puntuación se conserva), −∞ donde A es 0, que el softmax convierte en un peso de exactamente 0.
attention-mask-text-fill = La máscara A indica qué claves puede ver cada consulta: 1 = atender, 0 = bloqueada. La fórmula suma M, construida a partir de A: 0 donde A es 1 (la puntuación se conserva), { $fill } donde A es 0 (un número negativo grande en lugar de −∞).
attention-mask-blocked-row = La fila { $rows } tiene todas las claves bloqueadas.
attention-softmax-title = Softmax: las puntuaciones se convierten en pesos
attention-softmax-text = Cada fila se exponencia y se divide entre su suma, así que los pesos son positivos y cada fila suma 1 (la columna Σ); a las puntuaciones que un softmax convierte en probabilidades se las suele llamar logits. La puntuación mayor se lleva la parte mayor.
attention-softmax-shift = Primero se resta a cada fila su puntuación mayor (para { $row }: { $max }), para que ningún e^x desborde; desplazar una fila entera en la misma cantidad no cambia sus pesos.
attention-softmax-select = Selecciona un peso para ver su softmax.
attention-softmax-fully-masked = Una fila enmascarada del todo no tiene nada que repartir: todos sus pesos son 0.
attention-output-title = Suma ponderada: mezclar los valores
attention-output-text = Cada fila de la salida es la media de las filas de valores, ponderada por la atención de esa consulta. Selecciona un número de la salida para ver la suma.
attention-sizes = Tamaños y entradas aleatorias
attention-size-queries = consultas n
attention-size-keys = claves m
attention-size-dk = anchura d_k
attention-size-dv = anchura d_v
attention-seed = semilla (Q, K, V aleatorias nuevas)
`;
