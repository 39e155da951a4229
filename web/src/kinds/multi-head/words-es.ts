// Las palabras del tipo «atención multicabeza» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
multi-head-settings = Frase y tamaños
multi-head-words = palabras
multi-head-target-words = palabras de destino
multi-head-source-words = palabras de origen
multi-head-heads-h = cabezas h
multi-head-probe-rows = Una fila por token de la secuencia de prueba ({ $tokens }), con d_model = { $d } números cada una.
multi-head-matrix-probe = X: la secuencia de prueba tal como la lee la capa { $layer }
multi-head-probe-what = la secuencia de prueba tal como la lee la capa { $layer } del modelo entrenado, tomada de la ejecución de entrenamiento (los números del motor).
multi-head-matrix-embeddings = embeddings X
multi-head-matrix-target-embeddings = embeddings de destino X
multi-head-matrix-source-embeddings = embeddings de origen
multi-head-embed-title = Embeddings: cada token se convierte en un vector
multi-head-embed-text = Cada token se busca en una tabla de d_model = { $d } números por palabra (aquí sembrada y sin entrenar, semilla { $seed }).
multi-head-embed-repeated = La misma palabra recibe siempre la misma fila: las dos filas de «{ $word }» son idénticas y, sin información de posición, la atención no puede distinguirlas.
multi-head-embed-cross = Las consultas vienen de la frase de destino; las claves y los valores, de la frase de origen.
multi-head-project-title = Proyectar: consultas, claves y valores
multi-head-project-trained = Tres matrices aprendidas W_Q, W_K, W_V (cada una de { $shape }) y sus vectores de sesgo convierten cada fila de X en una consulta, una clave y un valor. Son las del propio modelo entrenado, tal como las dejó el entrenamiento en la tarea { $task }: se muestran abajo con todas sus cifras (pasa el puntero sobre una celda).
multi-head-project-text = Tres matrices aprendidas W_Q, W_K, W_V (cada una de { $shape }, aquí con inicialización Xavier sembrada, mostradas bajo Q, K y V) convierten cada embedding en una consulta, una clave y un valor. Selecciona un número de Q, K o V para ver sus productos.
multi-head-feeds-output = la salida
multi-head-split-title = Dividir: { $h } cabezas de anchura { $dk }
multi-head-split-text = d_model = { $d } se corta en { $h } porciones de d_k = { $d } / { $h } = { $dk } columnas. La cabeza 1 recibe las columnas 0 a { $last } de Q, K y V, la cabeza 2 las { $dk } siguientes, y así sucesivamente (en la fórmula, la cabeza i se cuenta desde 0 y toma las columnas i·{ $dk } a i·{ $dk } + { $last }); cada una atiende por su cuenta.
multi-head-matrix-head-query = cabeza { $head }: Q, columnas { $first }–{ $last }
multi-head-ledger = Cuadro de dimensiones
multi-head-ledger-each = { $shape } cada una
multi-head-ledger-q-split = Q dividida en { $h } cabezas
multi-head-ledger-kv-split = K, V divididas en { $h } cabezas
multi-head-ledger-scores = puntuaciones por cabeza, QᵢKᵢᵀ
multi-head-ledger-weights = pesos de todas las cabezas
multi-head-ledger-concat = salidas de las cabezas, concatenadas
multi-head-ledger-columns = { $h } × { $dk } = { $d } columnas: { $shape }
multi-head-ledger-parameters = parámetros
multi-head-matrix-head-weights = pesos de la cabeza { $head }
multi-head-matrix-attention-weights = pesos de atención
multi-head-entropy-detail = entropía media { $mean } de un máximo de { $max } nats
multi-head-heads-title = Atender: { $h } cabezas, { $h } patrones
multi-head-heads-title-one = Atender: quién mira a quién
multi-head-heads-text = Cada cabeza aplica la atención de producto escalar escalado a su propia porción, dividiendo entre √{ $dk }. Cada fila de los pesos de una cabeza suma 1 (Σ). La entropía dice cuán repartida está la atención de una cabeza: ln { $m } = { $max } sería un reparto perfectamente uniforme.
multi-head-heads-text-one = Cada fila dice cuánto atiende una palabra a cada una de las demás; suma 1 (Σ). Selecciona un peso para ver su softmax.
multi-head-heads-trained = Estos patrones son aprendidos: el entrenamiento en la tarea { $task } dio forma a W_Q y W_K hasta que las cabezas miraron donde la tarea lo necesita. Son los mismos números que los mapas de calor de la capa { $layer } en el paso { $steps } de la lección de entrenamiento.
multi-head-heads-random = Estos pesos salen de parámetros sembrados, sin entrenar: los patrones son aritmética real, no un significado aprendido.
multi-head-focus-word = Enfoca una palabra o pasa el puntero sobre ella
multi-head-concat-title = Concatenar las cabezas
multi-head-concat-text = Las { $h } salidas de las cabezas (de { $shape } cada una) se colocan una al lado de la otra, y se vuelve a { $whole }.
multi-head-output-title = Mezclar: la proyección de salida W_O
multi-head-output-title-one = Salida: mezclar los valores
multi-head-output-text = W_O ({ $shape }) mezcla lo que encontraron las cabezas en un vector de anchura { $d } por token. Aquí la atención multicabeza tiene { $count } parámetros.
multi-head-output-text-one = Cada fila de la salida es la mezcla de las filas de valores ponderada por la atención, proyectada por W_O. { $count } parámetros en total.
multi-head-matrix-output = salida
`;
