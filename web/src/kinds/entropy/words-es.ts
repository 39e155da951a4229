// Las palabras del tipo «entropía de la atención» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
entropy-detail = entropía por fila: media { $mean }, mín. { $min }, máx. { $max } nats
entropy-x-label = posición de la consulta i (fila xᵢ)
entropy-y-label = entropía (nats)
entropy-bound = { $bound }: pesos iguales
entropy-fact-mean = entropía media de las filas
entropy-fact-lowest = fila más baja (la consulta más concentrada)
entropy-fact-highest = fila más alta (la consulta más repartida)
entropy-fact-largest = máximo posible, ln n
entropy-head = cabeza { $number }
entropy-settings = Secuencia y cabezas
entropy-tokens = tokens n
entropy-heads-h = cabezas h
entropy-inputs-title = Una secuencia aleatoria de { $n } tokens
entropy-inputs-text = La entropía mide cuán repartida está la atención de una consulta. Si todo el peso recae en una clave, la entropía es 0; si las { $n } claves reciben el mismo peso, vale { $bound } nats, el máximo posible. Para verlo, atendemos sobre { $n } tokens cuyos vectores de { $d } números son aleatorios con distribución normal (semilla { $seed }): X, abajo, con una fila por token.
entropy-matrix-input = X, los vectores de los tokens
entropy-single-title = Una cabeza: entropía por consulta
entropy-single-text = Una sola cabeza proyecta X con W_Q, W_K, W_V ({ $shape }, Xavier sembrada, sin entrenar) y atiende con d_k = { $dk }. Cada fila de sus pesos tiene su propia entropía: cuanto más bajo el valor, más se concentra esa consulta en unos pocos tokens.
entropy-matrix-single = una sola cabeza: pesos
entropy-chart-single = Entropía de los pesos de cada consulta, una sola cabeza
entropy-single-head = una sola cabeza
entropy-facts-single = Una sola cabeza, d_k = { $dk }
entropy-multi-title = { $h } cabezas: entropía por cabeza
entropy-multi-title-one = Otra vez una cabeza
entropy-multi-text = Ahora las mismas proyecciones se dividen en { $h } cabezas de d_k = { $dk }. Cada cabeza calcula sus puntuaciones con solo { $dk } de las { $d } columnas, así que cada una tiene su propio patrón y sus propias entropías.
entropy-multi-text-one = Con h = 1, la atención «multicabeza» es la cabeza única del paso anterior.
entropy-multi-seeded = Estos pesos salen de parámetros sembrados, sin entrenar: lo concentrada que está aquí una cabeza es aritmética, no algo que haya aprendido.
entropy-chart-heads-one = Entropía de los pesos de cada consulta, { $h } cabeza
entropy-chart-heads = Entropía de los pesos de cada consulta, { $h } cabezas
entropy-matrix-head = { $head }: pesos
entropy-compare-title = Una cabeza frente a varias
entropy-compare-text = Todas las líneas en una gráfica, con la cota { $bound } como línea discontinua. Cada número de abajo es la entropía media, la más baja y la más alta de las filas de una cabeza, según el motor, para que compruebes qué cabezas se concentran más que la cabeza única y cuáles reparten su atención de forma más uniforme.
entropy-chart-compare = Entropía por posición de la consulta, todas las cabezas
entropy-matrix-summary = Entropía de las filas por cabeza
entropy-summary = { $title } (nats)
entropy-column-mean = media
entropy-column-lowest = mínima
entropy-column-highest = máxima
entropy-summary-what = la attentionEntropy del motor para la cabeza de la fila: la entropía de cada consulta, −Σⱼ wⱼ·ln wⱼ sobre sus pesos, y después su media, su mínimo y su máximo, en nats. Selecciona un peso de una cabeza para ver su softmax.
entropy-plain-title = Sin proyecciones: cada token se mira a sí mismo
entropy-plain-text = Un atajo habitual se salta W_Q y W_K y atiende con Q = K = X. Entonces la puntuación de cada consulta con su propia clave es x·x, una suma de { $d } cuadrados, que siempre es positiva y a menudo la mayor de su fila, así que muchas filas ponen su mayor peso en la diagonal. Aquí la entropía media es { $plain } nats, frente a { $single } de la cabeza única proyectada. Una entropía baja con este atajo no dice nada de lo que haría una cabeza entrenada.
entropy-matrix-plain = Q = K = V = X: pesos
entropy-chart-plain = Entropía por posición de la consulta: sin proyecciones frente a una cabeza proyectada
entropy-series-projected = una sola cabeza, proyectada
entropy-series-plain = Q = K = X, sin proyecciones
entropy-facts-plain = Sin proyecciones, d_k = { $d }
`;
