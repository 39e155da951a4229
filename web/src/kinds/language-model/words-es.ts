// The language-model kind's words in Spanish: words-en.ts translated, message by message.
export const SPANISH = `
lm-prompt = tu texto inicial
lm-tokens = tokens que generar
lm-temperature = temperatura T
lm-top-k = top-k (0 = sin filtro)
lm-top-p = top-p (1 = sin filtro)
lm-seed = semilla de los sorteos
lm-parameters-caption = Tu texto inicial y los ajustes del muestreo
lm-prompt-caption = Tu texto inicial
lm-from-engine = Del motor
lm-prompt-title = El texto inicial se vuelve ids de token
lm-prompt-text = El modelo lee tu texto inicial como { $tokens } tokens, uno por carácter, cada uno un número menor que { $vocab }, el tamaño de su vocabulario. Puede leer como mucho { $context } tokens a la vez, su contexto. Todo lo que sigue es aritmética sobre estos números, hecha por el motor. Escribe otro texto.
lm-matrix-token-ids = los ids de token del texto
lm-token-id = id de token
lm-model-facts = El modelo
lm-fact-vocab = vocabulario
lm-fact-d-model = anchura d_model
lm-fact-layers = capas del decodificador
lm-fact-heads = cabezas de consulta
lm-fact-kv-heads = { $kv } cabezas de clave/valor
lm-fact-d-ff = anchura de SwiGLU d_ff
lm-fact-context = contexto
lm-embed-title = Cada token busca su fila
lm-embed-text = La tabla de embeddings E tiene una fila de { $d } números aprendidos para cada uno de los { $vocab } tokens. El token t se convierte en la fila t: tus { $n } tokens se convierten en { $n } filas, el flujo residual que cada capa lee y al que suma. Nada aquí dice dónde está un token; las posiciones entran más tarde, dentro de la atención, girando consultas y claves (RoPE).
lm-matrix-embeddings = x = E[t], el flujo residual
lm-norm-title = Capa { $layer }: RMSNorm
lm-norm-text-first = Cada capa empieza reescalando cada fila a una media cuadrática de 1 (RMSNorm, Zhang y Sennrich 2019) y multiplicando cada columna por un γ aprendido. A diferencia de la normalización de capa no se resta nada: la fila se reescala, no se recentra. ε = { $eps } mantiene finita una fila toda de ceros. La norma está dentro de la rama: el flujo residual no cambia.
lm-norm-text = La capa { $layer } lee el flujo tal como lo dejó la capa 1 y vuelve a reescalar cada fila con su propio γ (ε = { $eps }).
lm-matrix-rms = rms de cada fila
lm-matrix-norm = RMSNorm₁ de la capa { $layer }
lm-attention-title = Capa { $layer }: atención causal con RoPE
lm-attention-text = Atienden { $heads } cabezas, cada una con d_k = { $dk }. Las consultas y las claves se giran un ángulo que crece con su posición (RoPE, Su et al. 2021, base { $base }), así que una puntuación depende de la distancia entre dos tokens. Cada una de las { $kv } cabezas de clave/valor la comparten dos cabezas de consulta (atención de consultas agrupadas). La máscara es causal: un token solo lee a sí mismo y a los tokens anteriores, así que cada fila de pesos acaba en la diagonal. Las salidas de las cabezas, a través de W_O, se suman al flujo.
lm-matrix-head = cabeza { $head } (cabeza de clave/valor { $kv })
lm-matrix-residual1 = h = x + atención, capa { $layer }
lm-attention-out = atención
lm-feed-forward-title = Capa { $layer }: la red SwiGLU
lm-feed-forward-text = Cada fila se normaliza de nuevo y pasa por SwiGLU (Shazeer 2020), la red de avance de Llama (Touvron et al. 2023): dos proyecciones a { $dff } números, una pasada por SiLU como una compuerta que multiplica a la otra, y una proyección de vuelta a { $d }. Cada fila se trabaja sola: solo la atención mueve información entre tokens. El resultado se suma al flujo: esa suma es la salida de la capa.
lm-matrix-feed-forward = salida de SwiGLU, capa { $layer }
lm-matrix-layer-output = x′ = h + SwiGLU, la salida de la capa { $layer }
lm-final-norm-title = La RMSNorm final
lm-final-norm-text = Después de la última capa el flujo se normaliza una vez más, con el γ final. Cada fila contiene ahora lo que el modelo predice para el token que la sigue.
lm-matrix-final-norm = x̂ = RMSNorm(x), final
lm-logits-title = La desincrustación: una puntuación para cada token
lm-logits-text = La última fila, tras «{ $piece }», se compara con cada fila de la tabla de embeddings (el modelo ata a ella su desincrustación): una puntuación, un logit, por token del vocabulario, { $vocab } en total. El softmax las convierte en probabilidades. Se listan los { $shown } más probables, en el orden del vocabulario. Las otras filas predijeron los propios caracteres siguientes del texto: sus pérdidas, −ln de la probabilidad que cada una dio al carácter que vino, promedian { $loss } nats (la última cuenta el token sorteado más abajo).
lm-matrix-candidates = los tokens más probables tras «{ $piece }»
lm-logit = logit z
lm-probability = probabilidad
lm-matrix-prompt-losses = la pérdida de cada carácter siguiente del texto
lm-loss = pérdida (nats)
lm-chart-caption = La distribución, el token más probable primero
lm-chart-rank = puesto
lm-series-softmax = softmax(z / { $t })
lm-series-final = tras top-k y top-p
lm-temperature-title = La temperatura afila o aplana
lm-temperature-text = Antes del softmax los logits se dividen por la temperatura T = { $t }. Por debajo de 1 las diferencias crecen y el token más probable se lleva más probabilidad; por encima de 1 se encogen y los tokens improbables tienen su oportunidad. Mueve el deslizador: el motor vuelve a dibujar la distribución al instante.
lm-temperature-text-greedy = Con T = 0 no hay por qué dividir: el motor toma el token más probable con probabilidad 1, la decodificación voraz. El texto voraz es siempre el mismo y los modelos pequeños se repiten con él. Sube la temperatura por encima de 0 para muestrear.
lm-matrix-temperature = los logits con T = { $t }
lm-softmax = softmax
lm-top-k-title = Top-k se queda con los k más probables
lm-top-k-text = El muestreo top-k (Fan, Lewis y Dauphin 2018) se queda con los { $k } tokens más probables, pone los demás a 0 y divide las probabilidades que quedan por su suma, para que vuelvan a sumar 1.
lm-top-k-text-off = Con top-k a 0 aquí no se quita ningún token: todos conservan su probabilidad. Mueve el deslizador para quedarte solo con los k más probables.
lm-matrix-top-k = renormalizadas sobre los { $k } primeros
lm-after-top-k = tras top-k
lm-top-p-title = Top-p se queda con los más probables hasta p
lm-top-p-text = El muestreo de núcleo (Holtzman et al. 2020) recorre los tokens desde el más probable y suma sus probabilidades; se queda con los menos posibles cuya suma llega a p = { $p }. Aquí son { $kept } tokens. Cuando el modelo está seguro, el núcleo es pequeño; cuando duda, crece. Las probabilidades que quedan se renormalizan una vez más.
lm-top-p-text-off = Con p = 1 top-p conserva todos los tokens que conservó top-k ({ $kept }). Bájalo para cortar la larga cola de tokens improbables.
lm-matrix-top-p = la suma acumulada, p = { $p }
lm-cumulative = acumulada
lm-final = final
lm-draw-title = El sorteo
lm-draw-text = El motor saca de la semilla un número U = { $u }, uniforme entre 0 y 1, y recorre los { $kept } tokens que quedan en el orden del vocabulario, sumando sus probabilidades, hasta que la suma pasa de U. Ese token es el sorteado: «{ $piece }», cuya probabilidad era { $p }. La misma semilla sortea el mismo token; otra semilla puede sortear otro.
lm-matrix-kept = los tokens que quedan, en el orden del vocabulario
lm-fact-uniform = U
lm-fact-drawn = token sorteado
lm-fact-drawn-probability = su probabilidad
lm-generate-title = Generación, token a token
lm-generate-text = El token sorteado se añade y el modelo vuelve a correr, pero solo sobre ese token nuevo: cada capa guarda en su caché KV las claves y los valores de los tokens anteriores, así que los { $prompt } tokens del texto inicial no se vuelven a leer. Cada paso añade una clave y un valor por capa ({ $layers } capas), lee la caché y sortea el token siguiente con la misma temperatura, top-k y top-p, y una semilla propia derivada de la tuya. Se generaron { $count } tokens.
lm-generated-caption = El texto
lm-fact-generated = generado
lm-matrix-generated-tokens = los tokens generados
lm-matrix-generation = la probabilidad de cada token sorteado, por posición
lm-explain-token-id = el id de «{ $piece }» en el vocabulario del modelo.
lm-explain-lookup = columna de la fila { $token } de la tabla de embeddings, la fila de «{ $piece }»: una copia, no se calcula nada.
lm-explain-rms = la raíz de la media cuadrática de la fila más ε.
lm-explain-normed = la entrada dividida por el rms de su fila, por el γ aprendido de la columna.
lm-explain-residual = la conexión residual: el flujo más lo que calculó la rama.
lm-explain-down = la fila oculta de SwiGLU ({ $dff } números, SiLU(compuerta) por la proyección up) por una columna de W_down.
lm-explain-logit = la fila final tras el último token por la fila de embedding de «{ $piece }».
lm-explain-probability = el softmax de los logits, escrito con el log-sum-exp de la fila: la probabilidad de que venga «{ $piece }».
lm-explain-loss = tras «{ $before }» el texto sigue con «{ $piece }»: la pérdida es −ln de la probabilidad que le dio el modelo.
lm-explain-logit-again = el logit de «{ $piece }» del paso de la desincrustación.
lm-explain-greedy = con T = 0 los logits no se dividen.
lm-explain-scaled = el logit dividido por la temperatura.
lm-explain-softmax = el softmax de los logits escalados: la probabilidad de «{ $piece }» antes de quitar ningún token.
lm-explain-removed-top-k = «{ $piece }» no está entre los k primeros: se quita.
lm-explain-removed-top-p = «{ $piece }» queda fuera del núcleo: se quita.
lm-explain-top-k = la probabilidad de «{ $piece }» dividida por la suma de las probabilidades de los k primeros.
lm-explain-final = la probabilidad de «{ $piece }» tras top-k, dividida por la suma de los tokens que conservó top-p.
lm-explain-cumulative-first = la probabilidad del token más probable empieza la suma acumulada.
lm-explain-cumulative = la suma acumulada hasta aquí más la probabilidad de este token.
lm-explain-generation-token = el paso { $step } sorteó «{ $piece }»: su id en el vocabulario.
lm-explain-generation-probability = la probabilidad que tenía «{ $piece }» al sortearse, leída en la posición { $position } a través de la caché de cada capa, con { $kept } tokens restantes tras top-k y top-p.
`;
