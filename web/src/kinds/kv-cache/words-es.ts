// Las palabras del tipo «caché KV» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
kv-cache-model-caption = Un modelo para el que dimensionar la caché
kv-cache-model = modelo
kv-cache-context = tokens n en la caché
kv-cache-bytes = bytes por número
kv-cache-bytes-4 = float32 (4 bytes)
kv-cache-bytes-2 = float16 o bfloat16 (2 bytes)
kv-cache-bytes-1 = int8 (1 byte)
kv-cache-bytes-other = { $count } bytes
kv-cache-memory-caption = { $model }, { $count } tokens
kv-cache-fact-layers = capas, d_model
kv-cache-fact-formula = 2 · capas · n · d_model · bytes
kv-cache-fact-bytes = = bytes
kv-cache-fact-lesson = la caché de esta lección (motor: cacheCells, una capa, float64)
kv-cache-numbers = { $count } números
kv-cache-memory-title = Lo que cuesta la caché en memoria
kv-cache-memory-text = Cada capa guarda una clave y un valor de anchura d_model por cada token hasta el momento: 2 · capas · n · d_model números, por los bytes de cada uno. Para { $model } con { $count } tokens en { $bytes }, eso da la cifra de abajo, por secuencia: un servidor que decodifica muchas secuencias a la vez guarda una caché para cada una.
kv-cache-settings = Secuencia y cabezas
kv-cache-tokens = tokens n
kv-cache-heads = cabezas h
kv-cache-decoded-what-one = el kvCacheDecode del motor: la consulta de la fila, x·W_Q, atendió, cabeza a cabeza, sobre las claves y los valores en caché de las filas anteriores y de sí misma, y la salida de la cabeza se multiplicó por W_O.
kv-cache-decoded-what = el kvCacheDecode del motor: la consulta de la fila, x·W_Q, atendió, cabeza a cabeza, sobre las claves y los valores en caché de las filas anteriores y de sí misma, y las salidas de las cabezas, una al lado de la otra, se multiplicaron por W_O.
kv-cache-inputs-title = Decodificar { $n } tokens, uno cada vez
kv-cache-inputs-text-one = Un modelo que escribe texto produce un token cada vez, y cada token nuevo atiende a todos los tokens anteriores. Aquí se decodifican uno a uno { $n } tokens de anchura d_model = { $d } (números aleatorios con distribución normal, semilla { $seed }) a través de una cabeza de autoatención causal con pesos sembrados.
kv-cache-inputs-text = Un modelo que escribe texto produce un token cada vez, y cada token nuevo atiende a todos los tokens anteriores. Aquí se decodifican uno a uno { $n } tokens de anchura d_model = { $d } (números aleatorios con distribución normal, semilla { $seed }) a través de { $heads } cabezas de autoatención causal con pesos sembrados.
kv-cache-matrix-input = X, los tokens
kv-cache-counts-caption = Multiplicaciones-sumas del token { $number } (motor)
kv-cache-counts-with = con la caché: proyectar x_t una vez y atender sobre la caché
kv-cache-counts-without = sin ella: proyectar y atender de nuevo los { $count } tokens
kv-cache-token-title-one = Token { $number } de { $n }: la caché crece a { $rows } fila
kv-cache-token-title = Token { $number } de { $n }: la caché crece a { $rows } filas
kv-cache-token-text-one = El token { $token } se proyecta una sola vez: su clave y su valor se añaden a la caché (recuadrados), y solo su consulta atiende sobre { $rows } clave en caché. Las claves y los valores de los tokens anteriores se vuelven a leer, nunca se recalculan.
kv-cache-token-text = El token { $token } se proyecta una sola vez: su clave y su valor se añaden a la caché (recuadrados), y solo su consulta atiende sobre las { $rows } claves en caché. Las claves y los valores de los tokens anteriores se vuelven a leer, nunca se recalculan.
kv-cache-matrix-keys = claves en caché K
kv-cache-matrix-values = valores en caché V
kv-cache-matrix-output-row = fila de salida de { $token }
kv-cache-check-title-exact = La misma salida que recalculándolo todo, hasta el último bit
kv-cache-check-title-rounding = La misma salida que recalculándolo todo, salvo redondeo
kv-cache-check-text = El motor también ejecutó la atención multicabeza sobre los { $n } tokens a la vez, con una máscara causal y los mismos pesos. Mayor diferencia: { $difference }, con { $identical } de { $cells } números idénticos hasta el último bit. La caché cambia cuánto se calcula, no qué.
kv-cache-check-caption = Decodificado con la caché frente a recalculado
kv-cache-check-identical = números idénticos hasta el último bit
kv-cache-of = { $count } de { $total }
kv-cache-matrix-decoded = decodificado con la caché
kv-cache-matrix-recomputed = recalculado con una máscara causal
kv-cache-heads-side-by-side = las salidas de las cabezas, una al lado de la otra
kv-cache-matrix-difference = caché − recalculado
kv-cache-cost-title = Trabajo por token: casi constante con la caché, creciente sin ella
kv-cache-cost-text = Sin caché, el token t vuelve a ejecutar la capa sobre los t tokens: sus proyecciones (4·t·d² multiplicaciones-sumas) y su atención (2·t²·d). Con ella, el token t solo se proyecta a sí mismo (4·d²) y atiende sobre las t filas en caché (2·t·d). Con d_model = { $d } dominan las proyecciones, así que aquí las dos líneas parecen rectas; en secuencias largas se impone el t² de la atención recalculada. Los recuentos son los del motor.
kv-cache-chart-caption = Multiplicaciones-sumas por token decodificado
kv-cache-chart-x = token t
kv-cache-chart-y = multiplicaciones-sumas
kv-cache-series-without = sin la caché
kv-cache-series-with = con la caché
kv-cache-matrix-table = Multiplicaciones-sumas por token
kv-cache-column-with = con caché
kv-cache-column-without = sin ella
kv-cache-cost-what = el recuento de multiplicaciones-sumas del motor para este token (fila t): con la caché, 4·d² + 2·(t+1)·d, una fila proyectada que atiende sobre t + 1 claves en caché; sin ella, 4·(t+1)·d² + 2·(t+1)²·d, la capa entera otra vez sobre las filas 0 … t (d = { $d }).
`;
