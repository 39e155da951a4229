// Las palabras del tipo «coste» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
cost-kind-settings = Qué medir (cambiarlo empieza una nueva serie de medidas)
cost-kind-largest-n = n mayor
cost-kind-width = anchura d
cost-kind-repeats = ejecuciones cronometradas por tamaño
cost-kind-block = tamaño de bloque / trozo
cost-kind-window = ventana dispersa
cost-kind-plan-title = Seis formas de atender, cronometradas en tu máquina
cost-kind-plan-text = Pulsa el botón para empezar a medir: el motor ejecuta cada variante con entradas aleatorias de anchura d = { $d } para { $sizes } ({ $repeats } ejecuciones cronometradas cada una, en un Web Worker para que la página siga respondiendo), y da el tiempo de cada ejecución, el mayor resultado intermedio que reservó y sus multiplicaciones-sumas. La atención completa construye los n × n pesos; flash attention los recorre en bloques de { $block } × { $block } con un softmax en línea; la atención por trozos (Rabe y Staats, 2021) toma las consultas y las claves en trozos de { $block }; la atención lineal pliega las claves en un estado de d × d; la atención dispersa se queda con una ventana de { $window } claves; la RNN lee un token tras otro. Los tamaños que el motor rechaza se anotan y se saltan.
cost-kind-measurements = Medidas
cost-kind-time-title = Tiempo frente a n, en ejes logarítmicos
cost-kind-time-text = En ejes log–log, un coste que crece como n^k es una recta de pendiente k. La atención completa, flash y por trozos hacen las mismas n²·d multiplicaciones-sumas, así que sus líneas suben con pendiente cercana a 2 (flash y por trozos se diferencian de la completa en memoria, no en trabajo); la atención lineal, la ventana dispersa y la RNN crecen con pendiente cercana a 1. Cada punto es la mediana de sus ejecuciones cronometradas; las pendientes son ajustes por mínimos cuadrados a los puntos medidos hasta ahora.
cost-kind-time-caption = Tiempo por llamada frente a n
cost-kind-memory-title = Memoria máxima: lo que ahorran flash y la atención por trozos
cost-kind-memory-text = El motor da el mayor resultado intermedio que reservó cada llamada (peakCells), en números de 8 bytes. La atención completa guarda a la vez los n² pesos; flash y la atención por trozos guardan un bloque o trozo de anchura { $block } por fila; la atención lineal, un estado de d × d y n × d filas; la ventana, n × { $window }. Esto, y no el tiempo, es lo que hace que las secuencias largas necesiten los núcleos por bloques.
cost-kind-memory-caption = Mayor resultado intermedio por llamada
cost-kind-complexity-title = La tabla de complejidad, medida
cost-kind-complexity-text = La tabla habitual de costes, con los números de esta máquina al lado: la pendiente medida del tiempo frente a n, y el tiempo, las multiplicaciones-sumas y la memoria máxima con la mayor n medida. El O(n·√n) que se suele citar para la atención dispersa corresponde a patrones con saltos (Child et al., 2019); una ventana deslizante es O(n·w·d).
cost-kind-complexity-caption = Complejidad, anunciada y medida
`;
