// Las palabras del tipo «ventana deslizante» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
window-length = tokens n
window-window = ventana w
window-width = anchura d
window-layers = capas L
window-sinks = sumideros s
window-pull = atracción del primer token
window-size-caption = Secuencia y ventana
window-sinks-caption = Ventana, sumideros y el primer token
window-from-engine = Del motor
window-band-title = La máscara en banda
window-band-text = Una ventana deslizante deja que la consulta i vea solo las últimas { $window } claves hasta ella misma: las claves j con i − { $window } < j ≤ i. Cada fila de la máscara tiene como mucho { $window } unos, así que una capa cuesta n·w puntuaciones en lugar de n², y la última consulta, { $last }, solo ve las claves { $from } … { $last }. Debajo, los pesos de una cabeza con esta máscara: cada fila es una softmax sobre su banda.
window-matrix-band = máscara de la ventana (1 = vista)
window-matrix-weights = pesos con la ventana
window-reach-title = El alcance crece con las capas
window-reach-text = Una capa deja que el token { $last } tome información de { $one } posiciones atrás. La capa siguiente lee tokens que a su vez tomaron de su propia ventana, así que el alcance crece w − 1 por capa (Longformer, Mistral 7B). El motor compone la máscara { $layers } veces: debajo, con el mismo peso para cada clave visible, cada celda es la parte del token j en el token i tras { $layers } capas; el token { $last } toma ahora de las posiciones { $from } … { $last }, { $reach } atrás, exactamente L·(w − 1) hasta llegar al primer token.
window-matrix-composed = partes tras { $layers } capas
window-matrix-reach = alcance del último token
window-layer-label = { $layer } capas
window-back = posiciones atrás
window-cache-title = La caché circular
window-cache-text = Al decodificar, una clave que ha salido de la ventana no se vuelve a leer, así que la caché guarda solo los sumideros y las últimas { $window } claves: un anillo de { $window } huecos, donde cada clave nueva sobrescribe la de { $window } puestos antes, y s = { $sinks } huecos para los sumideros. En el último paso, { $last }, guarda { $held } claves. El motor decodifica token a token con esa caché y compara cada fila de salida con la capa entera con la misma ventana: la mayor diferencia es { $largest }.
window-matrix-cached-keys = caché en el paso { $last }
window-position = pos { $position }
window-cached-key-what = una clave escrita en la caché al decodificar su token (las proyecciones de la capa son la identidad, así que es la fila del token)
window-held-at = guardadas en el paso { $step }
window-cache-cells = números en la caché al final
window-cache-gap = mayor |decodificada − capa entera|
window-sinks-title = Por qué los primeros tokens atraen la atención
window-sinks-text = Los modelos entrenados ponen una gran parte del peso de cada fila en el primer token, sea cual sea: la softmax tiene que dar su peso a algún sitio (Xiao et al. 2023, sumideros de atención). Aquí el primer token coincide con cada consulta en { $pull } en su columna extra: con la máscara causal la última consulta le da { $full }. Con una ventana de { $window } la primera clave sale de cada fila más allá de la ventana, su peso se reparte por la banda y las filas cambian: las salidas se mueven hasta { $alone } respecto a las de la capa completa. Mantener visibles las primeras s = { $sinks } claves como sumideros devuelve a las filas su ancla: las salidas se mueven entonces hasta { $kept }.
window-first-key-caption = Peso en la primera clave, consulta a consulta
window-query = consulta i
window-weight-on-first = peso en k₀
window-series-full = causal, sin ventana
window-series-alone = ventana { $window }
window-series-kept = ventana { $window }, s = { $sinks }
window-matrix-alone = pesos, solo ventana
window-matrix-kept = pesos, ventana y s = { $sinks }
window-fact-full = peso de q{ $last } en k₀, causal
window-fact-alone = peso de q{ $last } en k₀, solo ventana
window-fact-kept = peso de q{ $last } en k₀, ventana + sumideros
window-gap-alone = mayor cambio de la salida, solo ventana
window-gap-kept = mayor cambio de la salida, ventana + sumideros
window-explain-band-in = la clave { $j } está entre las últimas { $window } claves hasta la consulta { $i } (o es un sumidero): se ve.
window-explain-band-out = la clave { $j } está más de { $window } − 1 posiciones antes de la consulta { $i }: ha salido de la ventana.
window-explain-band-later = la clave { $j } va después de la consulta { $i }: un decodificador nunca ve claves posteriores.
window-explain-reach = tras { $layers } capas, la primera parte no nula de la fila { $i } de la matriz compuesta está en la posición { $first } ({ $share }).
mistake-off-by-one-window = Eso es lo que da una ventana de w + 1 claves: la consulta i ve las claves i − w < j ≤ i, así que la clave i − w ya ha salido.
mistake-not-causal = Eso es lo que da una banda que también mira hacia delante; la ventana de un decodificador solo tiene claves hasta la propia consulta.
mistake-forgot-sinks = Ese es el peso sin los sumideros; las primeras claves siguen visibles para cada consulta y se llevan su parte de la softmax.
mistake-sinks-inside-window = Eso es lo que da contar los sumideros entre las w claves de la ventana; los sumideros van además de las últimas w claves.
mistake-layers-times-window = Eso es L·w: cada capa llega w − 1 posiciones más atrás, no w, porque la ventana cuenta la propia consulta.
mistake-window-only = Esa es solo la ventana; las capas apiladas llegan más lejos, cada una w − 1 posiciones más.
mistake-single-layer = Ese es el alcance de una capa; cada capa más añade otras w − 1 posiciones.
`;
