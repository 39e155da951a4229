// Las palabras del tipo «escalado» en español (same ids and arguments as words-en.ts).
export const SPANISH = `
scaling-scaled = escaladas, q·k / √d_k
scaling-unscaled = sin escalar, q·k
scaling-setting = { $samples } consultas × { $keys } claves, semilla { $seed }
scaling-detail-caption = Con tu d_k = { $dk } ({ $setting })
scaling-settings = Experimento (las gráficas llevan d_k hasta 1024, así que muestras × claves × 1024 no puede pasar de 2²⁴)
scaling-dk = d_k para los detalles
scaling-keys = claves por consulta
scaling-samples = muestras (consultas)
scaling-dk-log-axis = d_k (escala logarítmica: cada paso la duplica)
scaling-variance-title = Las puntuaciones se dispersan al crecer d_k
scaling-variance-text = Una puntuación q·k suma d_k productos de números independientes con media 0 y varianza 1, así que su varianza es d_k. Para cada d_k de 4 a 1024, el motor generó { $samples } consultas aleatorias, cada una con { $keys } claves aleatorias (normales, semilla { $seed }), y midió la varianza de todas sus puntuaciones. La varianza sin escalar sigue a d_k; tras dividir entre √d_k se queda cerca de 1 en todas las anchuras. Los dos ejes de estas dos gráficas son lineales: una recta significa que la varianza crece en proporción a d_k, no más deprisa.
scaling-chart-variance-unscaled = Varianza de las puntuaciones brutas q·k, medida
scaling-variance = varianza
scaling-measured = medida, q·k
scaling-predicted-dk = d_k (lo que predice la fórmula)
scaling-chart-variance-scaled = Varianza de las puntuaciones escaladas q·k / √d_k, medida
scaling-measured-scaled = medida, q·k / √d_k
scaling-predicted-one = predicción: 1
scaling-fact-mean = media de q·k
scaling-fact-variance = varianza de q·k
scaling-fact-mean-scaled = media de q·k / √d_k
scaling-fact-variance-scaled = varianza de q·k / √d_k
scaling-peak-title = Sin escalar, una clave se lleva casi todo el peso
scaling-peak-text = El softmax convierte las diferencias entre puntuaciones en cocientes: una clave cuya puntuación es mayor en g recibe e^g veces el peso. Cuando las puntuaciones tienen una desviación típica de √d_k, las diferencias crecen con d_k, así que el softmax sin escalar da a su clave principal cada vez más peso. Las puntuaciones escaladas mantienen la misma dispersión con cualquier d_k, así que su pico se queda donde está.
scaling-chart-peak = Peso máximo medio de una fila del softmax ({ $setting })
scaling-largest-weight = peso máximo
scaling-all-on-one = 1: todo el peso en una clave
scaling-fact-peak-unscaled = peso máximo medio, sin escalar
scaling-fact-peak-scaled = peso máximo medio, escaladas
scaling-entropy-title = Entropía: cuán repartidos están los pesos
scaling-entropy-text = La entropía mide el reparto de una fila de pesos: 0 cuando una clave se lo lleva todo, ln { $keys } = { $max } nats cuando las { $keys } claves se reparten a partes iguales. El softmax sin escalar tiende a 0 al crecer d_k; el escalado se mantiene al mismo nivel con cualquier d_k.
scaling-chart-entropy = Entropía media de una fila del softmax, en nats ({ $setting })
scaling-entropy-nats = entropía (nats)
scaling-equal-weights = ln { $keys } = { $max }: pesos iguales
scaling-fact-entropy-unscaled = entropía media, sin escalar
scaling-fact-entropy-scaled = entropía media, escaladas
scaling-fact-largest = máximo posible, ln { $keys }
scaling-gradient-title = Un softmax saturado apenas devuelve gradiente
scaling-gradient-text = Al entrenar, el gradiente que llega a las puntuaciones pasa por el jacobiano del softmax, ∂p/∂x = diag(p) − p·pᵀ. Su tamaño (norma de Frobenius) dice cuánto mueve los pesos un pequeño empujón a las puntuaciones. Cuando un peso vale casi 1 y los demás casi 0, todas las entradas valen casi 0: con d_k grande casi ningún gradiente atraviesa el softmax sin escalar, mientras que el escalado deja pasar una cantidad estable con cualquier d_k.
scaling-chart-gradient = Norma de Frobenius media del jacobiano del softmax ({ $setting })
scaling-gradient-norm = norma del gradiente
scaling-fact-gradient-unscaled = norma media del gradiente, sin escalar
scaling-fact-gradient-scaled = norma media del gradiente, escaladas
scaling-example-title = Una muestra con d_k = { $dk }
scaling-example-text = La primera muestra del experimento: una consulta y { $keys } claves, cada una de { $dk } números aleatorios. Dividir sus puntuaciones entre √{ $dk } = { $sqrtdk } reduce cada diferencia entre ellas en ese factor, así que el softmax de la fila escalada es menos extremo que el de la fila bruta. Selecciona una puntuación o un peso escalado para ver su aritmética; cambia la semilla para otra muestra.
scaling-matrix-scores = puntuaciones q·kⱼ
scaling-matrix-scaled = escaladas = puntuaciones / √{ $dk }
scaling-matrix-softmax-unscaled = softmax de las puntuaciones, sin escalar
scaling-scores-symbol = puntuaciones q·kⱼ
scaling-matrix-softmax-scaled = softmax de las puntuaciones escaladas
scaling-frobenius = norma de Frobenius { $norm }
scaling-jacobian-title = La misma muestra: los dos jacobianos
scaling-jacobian-text = La entrada (i, j) es cuánto se mueve el peso pᵢ cuando se empuja un poco la puntuación xⱼ. Cuando el softmax está saturado, todas las entradas están cerca de 0. En esta muestra la norma de Frobenius es { $unscaled } sin escalar y { $scaled } escalando; la gráfica del gradiente promedió esta norma sobre las { $samples } muestras.
scaling-matrix-jacobian-unscaled = jacobiano del softmax sin escalar
scaling-matrix-jacobian-scaled = jacobiano del softmax escalado
scaling-sharpness-title = La tabla de nitidez, calculada
scaling-sharpness-text = Una suposición habitual es que el peso máximo de una consulta sobre 5 claves sube de unos { $guess } hacia 1 cuando d_k crece de 4 a 1024, incluso después de escalar. Esto es lo que calcula el motor, promediado sobre { $samples } muestras (semilla { $seed }): tras escalar, el pico apenas se mueve con d_k, y la subida es cosa del softmax sin escalar.
scaling-matrix-sharpness = Peso máximo medio, 1 consulta × { $keys } claves, { $samples } muestras por fila
scaling-column-unscaled = sin escalar
scaling-column-scaled = escaladas
scaling-sharpness-what = el scalingExperiment del motor: para la d_k de la fila, { $samples } muestras de una consulta y { $keys } claves (semilla { $seed }); el peso máximo del softmax de cada fila, promediado; la primera columna sin ÷√d_k, la segunda con ella.
`;
