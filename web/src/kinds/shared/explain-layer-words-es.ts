// Las palabras de «Explicar este número» alrededor de la atención, del estado de la atención
// lineal y de los gradientes, en español (same ids and arguments as explain-layer-words-en.ts).
export const SPANISH = `
explain-linear-cell = fila { $row } de { $input } · columna { $column } de { $weight }: { $count } productos sumados
explain-linear-cell-bias = fila { $row } de { $input } · columna { $column } de { $weight } + sesgo{ $sub }: { $count } productos sumados
explain-positional-sine = posición { $position }, columna { $column }: el seno del par i = { $pair } (columnas { $first } y { $second }), d = { $d }
explain-positional-cosine = posición { $position }, columna { $column }: el coseno del par i = { $pair } (columnas { $first } y { $second }), d = { $d }
explain-layer-norm-where = donde x es la fila { $row } de { $input } ({ $count } números) y ε = { $eps }
explain-relu-positive = un número positivo pasa sin cambios
explain-relu-negative = un número negativo se vuelve 0
explain-elu-positive = por encima de 0, x + 1, así que siempre es positivo
explain-elu-negative = en 0 o por debajo, eˣ, así que siempre es positivo
explain-gelu-note = Φ(x) es la probabilidad de que un número normal estándar quede por debajo de x: los números positivos grandes pasan casi sin cambios y los negativos grandes se vuelven casi 0.
explain-concat-cell = salida{ $cell } de la cabeza { $head }
explain-concat-note = Cada cabeza llena { $width } columnas: las columnas { $first } a { $last } vienen de la cabeza { $head }, así que la columna { $column } es su columna { $within }.
explain-embedding-row = fila { $row }
explain-embedding-cell = número { $column } de la fila de la tabla para «{ $word }»
explain-embedding-note = La tabla da a cada palabra { $width } números generados con la semilla { $seed }, no aprendidos aquí; la misma palabra recibe siempre la misma fila.
explain-column-sum = columna { $column } de { $data } sumada sobre sus { $count } filas
explain-jacobian-own = subir su propia puntuación sube el peso, tanto menos cuanto más cerca está de 0 o de 1
explain-jacobian-other = subir la puntuación de otra clave le quita peso
explain-moved = fila { $row } de { $from }, columna { $column }
explain-slice-note = La cabeza { $head } toma las columnas { $first } a { $last } de { $from }, así que su columna { $column } es la columna { $source } de { $from }.
explain-linear-ratio = φ(q{ $sub })·columna { $column } de S / φ(q{ $sub })·z
explain-softmax-note = Los exponentes son los { $logits } de la fila, sin dividir entre √d_k, cada uno menos el mayor de la fila.
explain-random-cell = una entrada, no calculada a partir de nada de lo que ves
explain-random-note = El motor genera cada número de { $what } con una distribución normal estándar y la semilla { $seed } (randomMatrix): la misma semilla da los mismos números en cualquier máquina.
explain-cosine = el producto escalar de las dos filas dividido entre el producto de sus longitudes
explain-linear-state = sobre las { $keys } claves: el rasgo { $feature } de cada clave por la columna { $column } de su valor
explain-grad-blocked = la máscara sustituyó esta puntuación por una constante, así que no influye en L.
explain-grad-where = donde Σₖ wₖ·gₖ = { $sum }
`;
