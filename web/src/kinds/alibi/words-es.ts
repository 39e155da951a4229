// Las palabras del tipo «ALiBi» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
alibi-query-label = q en { $t }
alibi-head = cabeza { $k }
alibi-parameters-caption = Cabezas, tokens y semilla
alibi-heads = cabezas H
alibi-other-heads = comparar con H =
alibi-length = longitud de entrenamiento (tokens)
alibi-long-length = secuencia más larga (tokens)
alibi-head-width = anchura de cabeza d_k
alibi-worked-head = cabeza k desarrollada
alibi-slope = pendiente
alibi-slopes-title = Una pendiente por cabeza
alibi-slopes-text = ALiBi (Press, Smith y Lewis 2022, «Train Short, Test Long») no da a la atención ningún embedding de posición. En su lugar cada cabeza resta una penalización proporcional a la distancia entre consulta y clave, y cada cabeza tiene su propia pendiente m. Con H = { $heads } cabezas las pendientes del artículo forman una sucesión geométrica: la cabeza 0 recibe { $first }, cada cabeza siguiente la pendiente anterior por la primera, hasta { $last } en la última. Las pendientes son fijas, nunca se aprenden.
alibi-matrix-slopes = pendientes de { $heads } cabezas
alibi-rule-caption = la regla del artículo para H = { $heads }
alibi-rule-power = { $heads } es una potencia de dos
alibi-rule-power-value = m_k = 2^(−8(k+1)/H) para cada cabeza
alibi-rule-first = las primeras { $power } cabezas: las pendientes de { $power } cabezas
alibi-rule-rest = las otras { $count }: una de cada dos pendientes de { $double } cabezas, que caen entre aquellas
alibi-matrix-bias = sesgo de la { $head }
alibi-slope-detail = pendiente m = { $slope }
alibi-bias-title = El sesgo crece con la distancia
alibi-bias-text = Cada cabeza suma sesgo = −m·|i − j| a sus puntuaciones escaladas: 0 donde una consulta se encuentra con su propio token, −m un token atrás, −2m dos tokens atrás, una línea recta. El modelo del artículo es un decodificador, así que la consulta i solo ve las claves j ≤ i (las celdas posteriores están bloqueadas). La última consulta ({ $last }) da al primer token un sesgo de { $steep } en la { $steephead }, la de pendiente más pronunciada, pero solo { $gentle } en la { $gentlehead }, la más suave.
alibi-add-title = Sumar el sesgo a las puntuaciones de la { $head }
alibi-add-text = La cabeza { $k } funciona como cualquier cabeza: sus puntuaciones q·k se dividen entre √d_k = { $sqrt } (d_k = { $dk }). Solo después se suma el sesgo, −{ $slope }·|i − j|: no se divide entre √d_k. La máscara causal bloquea las claves posteriores a cada consulta, y la softmax convierte cada fila en pesos que suman 1. Pulsa cualquier número para ver de dónde sale.
alibi-matrix-scaled = escaladas = q·kᵀ/√d_k
alibi-matrix-biased = escaladas + sesgo
alibi-matrix-weights = pesos de la { $head }
alibi-near-far-title = Cabezas que miran cerca, cabezas que miran lejos
alibi-near-far-text = Los mismos tokens, dos pendientes distintas. En la { $steephead } la pendiente pronunciada pesa más que las puntuaciones del contenido: su última consulta ({ $last }) pone { $steepself } de su peso en su propio token y { $steepfirst } en el primero. La pendiente suave de la { $gentlehead } apenas dobla las puntuaciones, así que aún puede mirar lejos: su última consulta da al primer token { $gentlefirst }. Una mezcla de pendientes permite a la capa atender tanto cerca como a lo largo de la secuencia.
alibi-near-far-caption = pesos de la última consulta (token { $last }) según la distancia hacia atrás
alibi-distance = distancia i − j
alibi-weight = peso
alibi-bias = sesgo
alibi-head-series = { $head } (m = { $slope })
alibi-longer-title = Más allá de la longitud de entrenamiento
alibi-longer-text = Supongamos que el modelo se entrenó con { $trained } tokens: solo ha visto distancias hasta { $last }. Con los mismos pesos sobre { $long } tokens la última consulta ({ $longlast }) encuentra claves mucho más atrás, y sin embargo no ocurre nada nuevo: el sesgo sigue su línea recta. En la { $gentlehead } valía { $trainedbias } a distancia { $last } y llega a { $farbias } en el primer token, cuyo peso se apaga hasta { $farweight }. Un embedding de posición aprendido no tendría ningún vector para las posiciones nuevas, y los senos darían vectores que el modelo nunca vio; aquí las claves lejanas simplemente se apagan poco a poco, y por eso ALiBi extrapola.
alibi-longer-bias-caption = sesgo de la última consulta según la distancia hacia atrás, en { $long } tokens
alibi-longer-weights-caption = pesos de la última consulta según la distancia hacia atrás, en { $long } tokens
alibi-matrix-far = pesos de la última consulta a algunas distancias ({ $long } tokens)
alibi-distance-label = r = { $r }
alibi-explain-slope-power = cabeza { $k } de { $heads }: H es una potencia de dos, así que m_k = 2^(−8(k+1)/H).
alibi-explain-slope-first = cabeza { $k } de { $heads }: H no es una potencia de dos, así que las primeras { $power } cabezas toman las pendientes de { $power } cabezas.
alibi-explain-slope-rest = cabeza { $k } de { $heads }: tras las primeras { $power } cabezas vienen una de cada dos pendientes de { $double } cabezas (índice { $index } de esa sucesión), que caen entre las primeras.
alibi-explain-bias = consulta { $i } y clave { $j }: la penalización es la pendiente por su distancia.
alibi-explain-bias-self = consulta { $i } y su propia clave: distancia 0, sin penalización.
alibi-explain-scaled = la puntuación dividida entre √d_k, antes de sumar el sesgo.
alibi-explain-blocked = la clave { $j } va después de la consulta { $i }: la máscara causal la bloquea, así que su peso es 0.
alibi-explain-weight = la fila de la consulta { $i } de escaladas + sesgo pasada por la softmax: la parte de la clave { $j }.
`;
