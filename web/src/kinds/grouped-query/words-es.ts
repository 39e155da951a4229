// Las palabras del tipo «consultas agrupadas» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
gq-random-what = los tokens, una fila aleatoria cada uno
gq-query-head = q{ $head }
gq-kv-column = kv{ $head }·{ $column }
gq-layer-caption = La capa
gq-heads = cabezas de consulta
gq-kv-heads = cabezas de clave/valor
gq-d-model = d_model
gq-tokens = tokens
gq-matrix-input = x: los tokens
gq-grouping-title = Las cabezas de consulta comparten cabezas de clave/valor
gq-grouping-text = La atención multicabeza da a cada cabeza de consulta sus propias claves y valores. La atención de consultas agrupadas (Ainslie et al. 2023) conserva las { $heads } cabezas de consulta pero solo { $kv } cabezas de clave/valor: cada una la leen { $size } cabezas de consulta vecinas, en bloque. La cabeza de consulta h lee la cabeza de clave/valor ⌊h·kvHeads/heads⌋, así que las cabezas 0 a { $firstend } comparten la cabeza 0, y así hasta la cabeza { $last }, que lee la cabeza { $lastkv }. Así coloca las copias repeat_kv de Hugging Face (cada cabeza de clave/valor repetida { $size } veces seguidas), y así se entrenan los pesos de Llama y de Mistral. La segunda fila es el reparto por turnos, h mod kvHeads: un error que da a cada cabeza de consulta las claves equivocadas.
gq-matrix-grouping = la cabeza de clave/valor que lee cada cabeza de consulta
gq-row-blocks = en bloques
gq-row-round-robin = por turnos (mal)
gq-shared-title = Claves y valores de kvHeads cabezas de ancho
gq-shared-text = W_K y W_V tienen ahora kvHeads·d_k = { $kv }·{ $dk } = { $width } columnas en lugar de d_model = { $dmodel }: la capa calcula { $kv } cabezas de clave y { $kv } de valor. Cada cabeza de consulta sigue teniendo sus propias consultas, así que las { $size } cabezas de consulta de un grupo pesan las mismas claves de forma distinta: compara los pesos de las cabezas 0 y 1, que leen ambas la cabeza de clave/valor 0.
gq-shared-text-own = W_K y W_V tienen kvHeads·d_k = { $kv }·{ $dk } = { $width } columnas: con tantas cabezas de clave/valor como de consulta, cada cabeza de consulta lee claves y valores propios, como en la atención multicabeza.
gq-matrix-keys = K = x·W_K, un bloque por cabeza de clave/valor
gq-matrix-values = V = x·W_V
gq-matrix-weights = pesos de la cabeza de consulta { $head } (lee la cabeza kv { $kv })
gq-multi-head-title = Con una cabeza de clave/valor por cabeza de consulta, es atención multicabeza
gq-multi-head-text = Con kvHeads = heads = { $heads } cada cabeza de consulta lee su propia cabeza de clave/valor: eso es exactamente la atención multicabeza. El motor calcula la capa de las dos maneras con los mismos pesos sembrados, y { $same } de los { $cells } números de la salida son el mismo double. El segundo dato va en el otro sentido: la capa agrupada con { $kv } cabezas de clave/valor es igual a la atención multicabeza cuyos pesos de clave y de valor son los agrupados copiados a cada cabeza de consulta del grupo. Agrupar ahorra pesos y caché, no cuentas por cabeza.
gq-matrix-own-heads = salida con kvHeads = heads
gq-matrix-multi-head = salida de la atención multicabeza
gq-from-engine = Del motor (matrixDifference)
gq-identical = { $same } de { $cells } números idénticos, mayor diferencia { $largest }
gq-fact-own-heads = kvHeads = heads frente a la atención multicabeza
gq-fact-copied = { $kv } cabezas de clave/valor frente a la atención multicabeza con ellas copiadas
gq-multi-query-title = Una cabeza de clave/valor para todas: atención multiconsulta
gq-multi-query-text = La atención multiconsulta (Shazeer 2019) es el extremo, kvHeads = 1: una cabeza de clave y una de valor, de d_k = { $dk } de ancho, que leen las { $heads } cabezas de consulta, cuyos pesos siguen siendo distintos. Un decodificador guarda en caché las claves y los valores de cada token en cada capa, así que lo que ocupa un token en la caché se reduce con kvHeads: { $full } números por capa con una cabeza para cada una, { $grouped } agrupadas, { $one } con una sola (kvCacheMemory del motor).
gq-matrix-one-key = K = x·W_K con una cabeza de clave/valor
gq-matrix-toy-cache = números que guarda un token en una capa
gq-row-numbers = números
gq-col-multi-head = { $kv } cabezas
gq-col-grouped = { $kv } agrupadas
gq-col-multi-query = 1 (multiconsulta)
gq-real-title = La caché KV de modelos reales
gq-real-text = Un decodificador guarda 2·h_kv·d_k números por token (una clave y un valor por cada una de sus h_kv cabezas de clave/valor) en cada una de sus L capas, para los n tokens del contexto, b bytes cada uno. Modelos publicados, según sus archivos de configuración (fuentes abajo), en bf16 o fp16, b = 2. Llama 2 7B da a cada una de sus 32 cabezas de consulta sus propias claves y valores: { $mha } bytes por token. Llama 3 8B tiene las mismas 32 capas y la misma anchura pero 8 cabezas de clave/valor: { $gqa } bytes, la cuarta parte; con 128k tokens, { $gqalong } GiB en lugar de { $mhalong }. Mistral 7B agrupa igual y solo guarda su ventana deslizante de 4096 tokens, así que su caché deja de crecer a partir de 4k. Falcon 7B, multiconsulta, guarda { $mqa } bytes por token; DeepSeek-V2 guarda un vector latente de 512 más una clave rotatoria de 64 por token y capa: { $mla } bytes en 60 capas. Cada cifra es kvCacheMemory del motor; explica cualquier celda para ver sus cuentas.
gq-matrix-per-token = por token
gq-col-per-layer = números por capa
gq-col-bytes-per-token = bytes por token
gq-matrix-cache-bytes = caché en bytes
gq-matrix-cache-gib = caché en GiB
gq-context = { $k }k tokens
gq-sources-caption = Configuraciones y fuentes
gq-shape-multi-head = { $layers } capas, { $heads } cabezas, d_model { $dmodel }
gq-shape-grouped = { $layers } capas, { $heads } cabezas, { $kv } cabezas de clave/valor, d_model { $dmodel }
gq-shape-multi-query = { $layers } capas, { $heads } cabezas, 1 cabeza de clave/valor, d_model { $dmodel }
gq-shape-latent = { $layers } capas, latente { $latent } + clave rotatoria { $rope }
gq-shape-window = , ventana deslizante { $window }
gq-explain-blocks = la cabeza de consulta { $head } está en el bloque de { $size } cabezas de consulta que comparten esta cabeza de clave/valor.
gq-explain-round-robin = el reparto por turnos daría esta cabeza de clave/valor a la cabeza de consulta { $head }; los modelos agrupan en bloques (la primera fila).
gq-explain-projection = la fila { $row } de x por una columna de W_{ $symbol }: la columna pertenece a la cabeza de clave/valor de su bloque.
gq-explain-weight = el softmax de la fila i de las puntuaciones escaladas de la cabeza de consulta { $head }, q·kᵀ/√d_k frente a las claves de la cabeza de clave/valor { $kv }.
gq-explain-output = las salidas de las cabezas una al lado de otra por W_O, como en la atención multicabeza.
gq-explain-per-layer = una clave y un valor de d_model/heads números por cada cabeza de clave/valor, o un vector latente y una clave rotatoria.
gq-explain-per-token = { $model }: cada capa guarda los suyos, 2 bytes por número.
gq-explain-cache = { $model }: cada token guardado, en cada capa.
gq-explain-cache-window = { $model }: la ventana deslizante guarda como mucho sus últimos 4096 tokens.
gq-mistake-round-robin = Ese es el reparto por turnos, h mod kvHeads; las cabezas se agrupan en bloques: la cabeza de consulta h lee la cabeza de clave/valor ⌊h·kvHeads/heads⌋.
gq-mistake-divided-by-kv-heads = Eso es h dividido entre kvHeads; divide entre el tamaño de un grupo, heads/kvHeads, o calcula ⌊h·kvHeads/heads⌋.
gq-mistake-query-heads = Esa es la caché con una clave y un valor por cada cabeza de consulta; solo se guardan las cabezas de clave/valor, kvHeads de ellas.
gq-mistake-keys-only = Esa es la mitad de la caché: solo las claves. Cada token guarda su clave y su valor, de ahí el 2.
gq-mistake-one-layer = Esa es la caché de una capa; cada capa guarda sus propias claves y valores, así que multiplica por las capas.
gq-mistake-one-token = Eso es lo que ocupa un token; multiplica por los tokens que guarda la caché.
gq-mistake-numbers-not-bytes = Eso cuenta números, no bytes; multiplica por los bytes que ocupa cada número.
gq-line-per-token = × { $layers } capas = { $numbers } números × 2 bytes = { $total } bytes
gq-line-tokens = × { $tokens } tokens = { $total } bytes
gq-line-window = × mín({ $length }, ventana { $window }) = { $tokens } tokens = { $total } bytes
gq-line-gib = ÷ 1024³ = { $gib } GiB
`;
