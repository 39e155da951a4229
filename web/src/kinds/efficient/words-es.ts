// Las palabras del tipo «atención lineal y dispersa» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
efficient-matrix-full-output = salida de la atención completa
efficient-drawn = Q, K y V (una sola muestra, partida en tres)
efficient-pattern-keeps = Lo que conserva este patrón
efficient-keys-per-row = claves por fila
efficient-largest = mayor resultado intermedio (peakCells)
efficient-full-keeps = la atención completa conserva
efficient-full-keeps-value = { $n } claves por fila
efficient-settings = Secuencia y patrones
efficient-tokens = tokens n
efficient-width = anchura d
efficient-window = ventana
efficient-global-tokens = tokens globales (posiciones)
efficient-random-per-row = claves aleatorias por fila
efficient-inputs-title = Una secuencia, cuatro formas de atender
efficient-inputs-text = El motor generó una secuencia de { $n } tokens: consultas, claves y valores de anchura { $d } (números aleatorios normales, semilla { $seed }). La atención completa compara cada consulta con cada clave: n² comparaciones. Los pasos siguientes conservan solo algunas (atención dispersa) o cambian la fórmula para que nunca se construya una matriz de n × n (atención lineal), y ponen cada salida al lado de la de la atención completa.
efficient-full-title = Atención completa: cada consulta lee todas las claves
efficient-full-text = Cada una de las { $n } filas de pesos se reparte entre las { $n } claves: { $n } × { $n } pesos, calculados y guardados. Duplicar la secuencia los cuadruplica. Con esto se comparan los demás patrones. Selecciona un peso para ver su softmax.
efficient-full-weights = pesos de la atención completa
efficient-matrix-pattern-output = salida de este patrón
efficient-window-title = Una ventana deslizante de { $window }
efficient-window-text = Longformer (Beltagy et al., 2020) deja que cada token atienda solo a sus vecinos: las claves dentro de la ventana. El motor construye esa máscara y ejecuta la atención con ella; las claves bloqueadas (rayadas) reciben peso 0, y cada fila reparte su peso entre las claves que conservó. El coste crece como n × ventana en lugar de n². Su salida difiere de la de la atención completa allí donde el peso de una consulta caía fuera de la ventana: compara las dos salidas.
efficient-window-weights = ventana { $window }: pesos
efficient-global-title = Más tokens globales en { $positions }
efficient-global-title-none = Más tokens globales (no se eligió ninguno)
efficient-global-text = Una ventana no puede llevar información de un extremo a otro de la secuencia en una sola capa. Longformer añade tokens globales: atienden a todas las claves y todas las consultas les atienden, así que sus filas y columnas quedan abiertas. Elige las posiciones en los parámetros del primer paso.
efficient-global-weights = ventana + tokens globales: pesos
efficient-random-title = Más { $count } claves aleatorias por fila
efficient-random-text = BigBird (Zaheer et al., 2020) añade, a la ventana y a los tokens globales, unas pocas claves elegidas al azar para cada fila (las genera el motor con la semilla { $seed }), para que dos tokens cualesquiera queden unidos por un camino corto a través de las capas. El patrón sigue siendo de O(n) claves por fila al crecer n.
efficient-random-weights = ventana + globales + aleatorias: pesos
efficient-features-title = Atención lineal: un mapa de rasgos en lugar del softmax
efficient-features-text = Katharopoulos et al. (2020) sustituyen exp(q·k) por φ(q)·φ(k) con φ(x) = elu(x) + 1, que siempre es positiva. Entonces (φ(Q)φ(K)ᵀ)V se puede calcular como φ(Q)(φ(K)ᵀV), y la matriz de n × n no llega a formarse. El motor aplicó φ a cada consulta y cada clave:
efficient-state-title = El estado: { $d } × { $d } números, sea cual sea n
efficient-state-text = Cada clave y cada valor se pliegan en una sola matriz de { $d } × { $d }, S = φ(K)ᵀV, y un normalizador z = φ(K)ᵀ1 (la suma de las filas de rasgos). Su tamaño no depende de n: plegar los { $n } tokens cuesta n·d², no n². Selecciona una celda de S para ver qué productos φ(k)·v suman.
efficient-linear-title = La salida de la atención lineal no es la de la atención softmax
efficient-linear-text = Cada fila de la salida es φ(qᵢ)·S dividido entre φ(qᵢ)·z. Pondera los valores por φ(q)·φ(k) en lugar de por exp(q·k/√d), así que es un modelo distinto, no una aproximación que converja a la atención completa: compara sus filas con las de la atención completa. Su mayor resultado intermedio guarda { $peak } números (peakCells del motor), frente a los { $n } × { $n } pesos de la atención completa.
efficient-matrix-linear-output = salida de la atención lineal
`;
