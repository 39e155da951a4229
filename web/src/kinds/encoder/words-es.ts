// Las palabras del tipo «capa del codificador» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
encoder-settings = Frase y tamaños de la capa
encoder-words = palabras
encoder-heads-h = cabezas h
encoder-activation = activación
encoder-biases-label = sesgos de la atención
encoder-off = no
encoder-on = sí
encoder-on-zero = sí (a cero)
encoder-row-statistics = media { $mean }, varianza { $variance }
encoder-each = { $value } cada una
encoder-none = ninguno
encoder-ledger = Cuadro de dimensiones
encoder-ledger-embeddings = embeddings E
encoder-ledger-encoding = codificación posicional PE
encoder-ledger-input = X, la entrada de la capa
encoder-ledger-per-head = por cabeza ({ $h } cabezas)
encoder-ledger-weights = pesos por cabeza
encoder-ledger-concat = concatenación, salida de la atención
encoder-ledger-norm1 = residual 1, LayerNorm 1
encoder-ledger-hidden = oculta, activada
encoder-ledger-ffn = salida de la red prealimentada, residual 2
encoder-ledger-output = salida de la capa
encoder-input-title = Entrada: embeddings más posiciones
encoder-input-trained = La salida de la capa tendrá la misma forma.
encoder-input-text = Cada palabra se busca en una tabla de embeddings sembrada y sin entrenar de anchura d_model = { $d }, y se le suma la codificación posicional de su lugar en la frase.
encoder-input-repeated = Las dos filas de «{ $word }» en E son idénticas; tras sumar PE se distinguen, porque están en posiciones distintas.
encoder-input-reads = X es lo que lee la capa; su salida tendrá la misma forma.
encoder-matrix-embeddings = embeddings E
encoder-matrix-encoding = codificación posicional PE
encoder-matrix-probe = X: la secuencia de prueba tal como la lee la capa { $layer }
encoder-probe-what = la secuencia de prueba tal como la lee la capa { $layer } del modelo entrenado, tomada de la ejecución de entrenamiento (los números del motor).
encoder-matrix-head-weights = pesos de la cabeza { $head }
encoder-attention-title-one = Autoatención multicabeza: { $h } cabeza
encoder-attention-title = Autoatención multicabeza: { $h } cabezas
encoder-attention-text-one = Cada palabra atiende a todas las palabras de X. Con { $h } sola cabeza, esta trabaja con d_k = { $dk } columnas de las consultas, claves y valores proyectados; cada fila de los pesos de una cabeza suma 1 (Σ), y puedes seleccionar un peso para ver su softmax. Las salidas de las cabezas se concatenan y W_O las mezcla en una fila por palabra; W_Q, W_K, W_V y W_O están bajo la salida.
encoder-attention-text = Cada palabra atiende a todas las palabras de X. Cada una de las { $h } cabezas trabaja con d_k = { $dk } columnas de las consultas, claves y valores proyectados; cada fila de los pesos de una cabeza suma 1 (Σ), y puedes seleccionar un peso para ver su softmax. Las salidas de las cabezas se concatenan y W_O las mezcla en una fila por palabra; W_Q, W_K, W_V y W_O están bajo la salida.
encoder-attention-trained = Las proyecciones y sus sesgos son las del modelo entrenado. Estos patrones son aprendidos: son los mapas de calor de la capa { $layer } en el paso { $steps } de la lección de entrenamiento.
encoder-attention-trained-causal = Las proyecciones y sus sesgos son las del modelo entrenado, y la atención es causal, como la ejecutó el modelo. Estos patrones son aprendidos: son los mapas de calor de la capa { $layer } en el paso { $steps } de la lección de entrenamiento.
encoder-attention-biases = Las proyecciones tienen sesgos (aquí a cero, como los inicializa PyTorch).
encoder-attention-no-biases = Las proyecciones no tienen sesgos, como las construye nn.MultiheadAttention(bias=False).
encoder-attention-seeded = Los pesos son sembrados, no entrenados: los patrones son aritmética real, no un significado aprendido.
encoder-matrix-attention-output = salida de la atención
encoder-heads-side-by-side = las salidas de las cabezas, una al lado de la otra
encoder-feeds-query = cada consulta
encoder-feeds-key = cada clave
encoder-feeds-value = cada valor
encoder-feeds-attention = la salida de la atención
encoder-feeds-hidden = la capa oculta
encoder-feeds-ffn = la salida de la red prealimentada
encoder-norm1-title = Sumar y normalizar: conexión residual y luego LayerNorm
encoder-norm1-text = La salida de la atención se suma a la entrada de la capa (la conexión residual conserva la señal original). Después, LayerNorm trabaja con cada fila por separado: le resta su media y la divide entre √(varianza + ε), así que cada fila sale con media 0 y varianza algo menor que 1.
encoder-norm-learned = Su escala γ y su desplazamiento β se aprendieron en el entrenamiento: después, cada columna se multiplica por su γ y se desplaza por su β.
encoder-norm-identity = Aquí su escala γ vale 1 y su desplazamiento β vale 0, así que no cambia nada más.
encoder-norm-statistics = Las medias y varianzas de abajo son las del motor, para las filas antes de normalizar.
encoder-matrix-residual1 = residual 1 = X + atención
encoder-statistics-1 = Cada fila del residual 1
encoder-matrix-norm1 = salida de LayerNorm 1
encoder-ffn-title = Red prealimentada: de ida a d_ff = { $width } y de vuelta
encoder-ffn-text-relu = La fila de cada palabra pasa por las mismas dos capas lineales, sin mirar las demás palabras. W₁ la ensancha de { $d } a d_ff = { $width } números, ReLU pone a 0 cada número negativo, y W₂ la devuelve a { $d }. W₁ y W₂ están bajo la salida.
encoder-ffn-text-gelu = La fila de cada palabra pasa por las mismas dos capas lineales, sin mirar las demás palabras. W₁ la ensancha de { $d } a d_ff = { $width } números, GELU conserva los valores positivos grandes, encoge los pequeños y lleva los negativos grandes a casi 0, y W₂ la devuelve a { $d }. W₁ y W₂ están bajo la salida.
encoder-matrix-hidden = oculta = xW₁ + b₁
encoder-norm1-output = la salida de LayerNorm 1
encoder-matrix-activated = { $activation }(oculta)
encoder-matrix-ffn-output = salida de la red prealimentada
encoder-norm2-title = Sumar y normalizar de nuevo: la salida de la capa
encoder-norm2-text = La salida de la red prealimentada se suma a su propia entrada (la salida de LayerNorm 1), y LayerNorm 2 vuelve a normalizar cada fila. El resultado tiene la forma de la entrada, { $shape }, así que las capas se pueden apilar: un codificador profundo repite este bloque con sus propios pesos.
encoder-matrix-residual2 = residual 2 = norma 1 + red prealimentada
encoder-statistics-2 = Cada fila del residual 2
encoder-matrix-output = salida de la capa
encoder-parameters-title = Contar los parámetros
encoder-parameters-text = Esta capa tiene { $total } números aprendidos. Una capa estándar pequeña (d_model { $dmodel }, { $heads } cabezas, d_ff { $dff }, como en muchos modelos introductorios) tiene { $without } cuando su atención no tiene sesgos (nn.MultiheadAttention(bias=False)), y { $with } con ellos, como en nn.TransformerEncoderLayer: los cuatro vectores de sesgo son toda la diferencia. En esa capa, la red prealimentada reúne la mayoría de los parámetros. El motor procesa una frase cada vez y sin dropout, como hace una capa cuando se usa en lugar de entrenarse.
encoder-layer-count = Esta capa (d_model { $d }, d_ff { $dff }, sesgos de la atención: { $biases })
encoder-count-attention = atención: W_Q, W_K, W_V, W_O
encoder-count-attention-biases = atención: W_Q, W_K, W_V, W_O y sesgos
encoder-count-ffn = red prealimentada: W₁, b₁, W₂, b₂
encoder-count-norms = dos LayerNorm: γ y β
encoder-count-total = total
encoder-reference-count = Una capa estándar pequeña (d_model { $dmodel }, { $heads } cabezas, d_ff { $dff })
encoder-reference-without = atención sin sesgos
encoder-reference-with = atención con sesgos
encoder-reference-ffn = red prealimentada
encoder-reference-norms = dos LayerNorm
encoder-reference-total-free = total, atención sin sesgos
encoder-reference-total-torch = total, como nn.TransformerEncoderLayer
`;
