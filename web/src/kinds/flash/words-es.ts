// Las palabras del tipo «flash attention» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
flash-tiles = Bloques
flash-queries-per-tile = consultas por bloque
flash-keys-per-tile = claves por bloque
flash-order = orden
flash-order-rows-option = bloques de consultas por fuera (FlashAttention-2)
flash-order-columns-option = bloques de claves por fuera (FlashAttention-1)
flash-matrix-mask = máscara
flash-caption-mask = { $title } ({ $shape }), 1 = atender
flash-matrix-scaled-scores = puntuaciones escaladas QKᵀ/√d_k
flash-matrix-masked-scores = puntuaciones enmascaradas QKᵀ/√d_k
flash-inputs-title = Las entradas y los bloques en que se cortan
flash-inputs-text = La atención completa escribe las { $shape } puntuaciones antes de su softmax. Flash attention nunca las guarda todas: lee { $queries } y { $keys } cada vez, y solo conserva tres números acumulados por consulta. Cambia el tamaño del bloque o el orden y el motor vuelve a calcular todos los pasos.
flash-queries-one = { $count } consulta
flash-queries = { $count } consultas
flash-keys-one = { $count } clave
flash-keys = { $count } claves
flash-scores-title-one = { $count } bloque de como mucho { $shape } puntuaciones
flash-scores-title = { $count } bloques de como mucho { $shape } puntuaciones
flash-scores-text = Estas son las puntuaciones que la atención completa calcula de una vez (motor: attention). La ejecución por bloques calcula los mismos números, bloque a bloque, { $order }. Su mayor resultado intermedio guarda { $largest } números (peakCells del motor), frente a la matriz de puntuaciones entera de { $shape } de la atención completa.
flash-order-rows = recorriendo un bloque de consultas tras otro
flash-order-columns = recorriendo un bloque de claves tras otro
flash-column-tile-max = máx. del bloque
flash-column-m-before = m antes
flash-column-m-after = m después
flash-column-sum-before = ℓ antes
flash-column-sum-after = ℓ después
flash-matrix-running = estadísticas acumuladas tras este bloque
flash-matrix-values = V, las claves del bloque { $keys }
flash-values-why = este bloque lee las filas de valores de sus claves, { $keys }
flash-matrix-partial = O, la salida sin normalizar hasta ahora
flash-story-first = Este es el primer bloque de la fila de bloques de { $query }: m empieza en −∞, así que α = e^(−∞) = { $alpha } y no se conserva nada anterior.
flash-story-same = Para { $query } el máximo acumulado se queda en { $max }, así que α = { $alpha }: lo sumado hasta ahora se conserva tal cual.
flash-story-rises = Para { $query } el máximo acumulado sube de { $before } a { $after }, así que todo lo sumado hasta ahora se multiplica por α = e^({ $before } − { $after }) = { $alpha }.
flash-tile-title = Bloque { $number } de { $total }: consultas { $queries } × claves { $keys }
flash-tile-text = Después, las exponenciales del bloque, e^(s − m), se suman a ℓ, y esas mismas exponenciales multiplicadas por las filas de valores del bloque, a O. Selecciona cualquier número acumulado o cualquier número de O para ver su aritmética.
flash-matrix-final = m y ℓ finales por consulta
flash-matrix-output = salida = O / ℓ
flash-normalise-title = Dividir una sola vez al final
flash-normalise-text = Tras su último bloque, cada consulta divide su O entre su ℓ. El denominador del softmax nunca se conoció bloque a bloque: el reescalado por α mantuvo O y ℓ en pie de igualdad, así que una sola división da la media ponderada de los valores. Una consulta con todas sus claves bloqueadas se queda con ℓ = 0 y una salida de 0.
flash-proof-facts = Por bloques frente a la atención completa
flash-fact-difference-64 = máx. |Δ|, por bloques − completa, ambas en float64
flash-fact-equal-64 = celdas iguales hasta el último bit (float64)
flash-fact-difference-32 = máx. |Δ|, por bloques en float32 − completa en float64
flash-fact-equal-32 = celdas iguales hasta el último bit (float32)
flash-fact-of = { $count } de { $total }
flash-proof-title-exact = La misma salida que la atención completa, hasta el último bit
flash-proof-title-rounding = La misma salida que la atención completa, salvo redondeo
flash-proof-text-exact = El motor ejecutó la atención completa con las mismas entradas y restó: la mayor diferencia es { $difference }, todos los números idénticos.
flash-proof-text-rounding = El motor ejecutó la atención completa con las mismas entradas y restó: la mayor diferencia es { $difference }, redondeo en los últimos bits, porque las sumas se hacen en otro orden.
flash-proof-float32 = Dividir en bloques es reordenar el cálculo exacto, no una aproximación. Si se calcula en float32, los mismos bloques se desvían { $difference }: elegir float32 cuesta mucho más que dividir en bloques.
flash-matrix-flash-output = salida de flash attention
flash-matrix-full-output = salida de la atención completa
flash-matrix-difference-64 = por bloques − completa, float64
flash-matrix-difference-32 = por bloques en float32 − completa en float64
flash-matrix-flash-output-32 = salida de flash attention en float32
flash-float32-what = los mismos bloques ejecutados de nuevo en float32 por el motor (flashAttention con precisión float32): cada producto, máximo acumulado, suma y división redondeados a unas 7 cifras significativas.
`;
